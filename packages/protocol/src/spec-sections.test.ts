// Every spec section the code cites (`§N`, `§N.M`) has its heading in docs/product.md, so a
// reference always leads somewhere inside the repository. `GLI-19 §…` cites the GLI-19
// standard, not the spec, and is left out.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const sourceDirs = ['apps', 'packages', 'e2e', 'scripts'];
const skipped = new Set(['node_modules', 'dist', 'test-results', 'playwright-report']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skipped.has(entry.name) ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The spec sections cited in `text`: the number after §, without a sentence's full stop. */
function citedSections(text: string): string[] {
  return [...text.matchAll(/(?<!GLI-19[\s/*]*)§(\d+(?:\.\d+)*)/g)].map((m) => m[1]!);
}

/** The sections docs/product.md has a heading for: `## §N Title` and `### §N.M Title`. */
function documentedSections(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{2,3} §(\d+(?:\.\d+)*) \S/gm)].map((m) => m[1]!));
}

describe('docs/product.md', () => {
  it('reads citations and headings as meant', () => {
    expect(citedSections('§7: GET /check. See §4, §9. GLI-19 §2.5.3, GLI-19\n// §4.14.1')).toEqual([
      '7',
      '4',
      '9',
    ]);
    expect(citedSections('(§8.2) §3.')).toEqual(['8.2', '3']);
    expect([...documentedSections('## §1 What\n### §4.2 Idle\n#### §5 No\n## §6\n')]).toEqual([
      '1',
      '4.2',
    ]);
  });

  it('has a heading for every § the code cites', () => {
    const documented = documentedSections(readFileSync(path.join(root, 'docs/product.md'), 'utf8'));
    const files = sourceDirs
      .flatMap((dir) => sourceFiles(path.join(root, dir)))
      // This file's own examples are not citations.
      .filter((file) => file !== import.meta.filename);
    const missing = new Map<string, string>();
    let citations = 0;
    for (const file of files) {
      for (const section of citedSections(readFileSync(file, 'utf8'))) {
        citations++;
        if (!documented.has(section)) missing.set(`§${section}`, path.relative(root, file));
      }
    }
    expect(Object.fromEntries(missing)).toEqual({});
    // The scan found the citations at all: a moved tree must not pass on nothing.
    expect(citations).toBeGreaterThan(100);
  });
});
