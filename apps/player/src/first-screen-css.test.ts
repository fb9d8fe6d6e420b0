// The first screens' part of the stylesheet (first-screen.css) holds the utilities of the files it
// lists only: every component /login and /lobby import before the player can act must be listed,
// or it would show unstyled until the whole stylesheet arrives.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeModules } from '../first-load.mjs';

const src = import.meta.dirname;

/** The files first-screen.css lists, relative to src/: a file, or a folder and all it holds. */
function listedSources(): string[] {
  const css = readFileSync(path.join(src, 'first-screen.css'), 'utf8');
  return [...css.matchAll(/^@source "\.\/([^"]+)";$/gm)].map((match) => match[1] ?? '');
}

// Static imports and re-exports of our own modules; `import type` brings in no markup, and a
// dynamic import() is a later chunk (each first-screen one is a route module below).
const staticImport = /^(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s+)?'(\.{1,2}\/[^']+)'/gm;

function resolve(from: string, specifier: string): string | null {
  const base = path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`]) {
    if (/\.tsx?$/.test(candidate) && existsSync(path.join(src, candidate))) return candidate;
  }
  return null;
}

/** Every module (relative to src/) the given ones import statically, themselves included. */
function staticClosure(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const code = readFileSync(path.join(src, file), 'utf8');
    for (const match of code.matchAll(staticImport)) {
      const imported = resolve(file, match[1] ?? '');
      if (imported) visit(imported);
    }
  };
  for (const entry of entries) visit(entry);
  return seen;
}

/** The components (relative to src/) /login and /lobby import before the player can act. */
function firstScreenComponents(): string[] {
  const routeEntries = [...routeModules['/login'], ...routeModules['/lobby']]
    .filter((key) => /^src\/.+\.tsx?$/.test(key))
    .map((key) => key.slice('src/'.length));
  // The start-up gate's refusal screen stands in for the first screen, without waiting.
  const entries = ['main.tsx', ...routeEntries, 'features/startup/components/startup-notice.tsx'];
  return [...staticClosure(entries)].filter((file) => file.endsWith('.tsx'));
}

describe('first-screen.css', () => {
  it('lists every component /login and /lobby show before the player can act', () => {
    const components = firstScreenComponents();
    const listed = listedSources();
    const unlisted = components.filter(
      (file) => !listed.some((source) => file === source || file.startsWith(`${source}/`)),
    );
    expect(components.length).toBeGreaterThan(20);
    expect(unlisted).toEqual([]);
  });

  it('lists nothing else: what waits for the first screen brings the whole stylesheet', () => {
    // A file or folder beyond them would put its utilities (and the @property rules they need)
    // into every first load for nothing.
    const components = firstScreenComponents();
    expect(listedSources().filter((source) => !components.includes(source))).toEqual([]);
  });
});
