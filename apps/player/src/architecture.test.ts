// Keeps the layering of STYLE.md: features never import each other, shared never imports
// features or app. A broken rule names the file and the import.
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

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found = [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1] ?? '');
  return found.map((specifier) => path.relative(root, path.resolve(path.dirname(file), specifier)));
}

const files = sourceFiles(root).map((file) => ({
  file: path.relative(root, file),
  imports: importsOf(file),
}));

describe('layering', () => {
  it('features do not import other features', () => {
    const broken = files.flatMap(({ file, imports }) => {
      const own = file.match(/^features\/([^/]+)\//)?.[1];
      if (!own) return [];
      return imports
        .filter(
          (target) => target.startsWith('features/') && !target.startsWith(`features/${own}/`),
        )
        .map((target) => `${file} -> ${target}`);
    });
    expect(broken).toEqual([]);
  });

  it('shared imports neither features nor app', () => {
    const broken = files.flatMap(({ file, imports }) =>
      file.startsWith('shared/')
        ? imports
            .filter((target) => target.startsWith('features/') || target.startsWith('app/'))
            .map((target) => `${file} -> ${target}`)
        : [],
    );
    expect(broken).toEqual([]);
  });

  it('only the game screen reaches socket.io', () => {
    // The notice socket (shared/socket) loads it with a dynamic import() after sign-in, so only a
    // static value import counts here: that is what would pull it into the entry chunk.
    const users = sourceFiles(root)
      .filter((file) => !file.includes('.test.'))
      .filter((file) =>
        /^import (?!type )[^;]*from 'socket\.io-client'/m.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(root, file));
    expect(users.every((file) => file.startsWith('features/game/'))).toBe(true);
  });
});
