// STYLE.md's layering for the console: a feature never imports another feature, and shared/
// imports neither features nor app/.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The files of ours a file imports, relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.[^']+)'/g)].map((m) =>
    path.relative(root, path.resolve(path.dirname(file), m[1] ?? '')),
  );
}

describe('layering', () => {
  it('features import only themselves and shared/', () => {
    const crossings = sourceFiles(path.join(root, 'features')).flatMap((file) => {
      const feature = path.relative(root, file).split(path.sep)[1];
      return importsOf(file)
        .filter((target) => !target.startsWith(`features${path.sep}${feature}`))
        .filter((target) => !target.startsWith('shared') && !target.startsWith('testing'))
        .filter((target) => !target.startsWith('locales'))
        .map((target) => `${path.relative(root, file)} → ${target}`);
    });
    expect(crossings).toEqual([]);
  });

  it('shared/ imports neither features nor app/', () => {
    const crossings = sourceFiles(path.join(root, 'shared')).flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith('features') || target.startsWith('app'))
        .map((target) => `${path.relative(root, file)} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });
});
