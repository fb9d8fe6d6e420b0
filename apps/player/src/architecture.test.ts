// Keeps socket.io out of the entry chunk. The layering of STYLE.md (features never import each
// other, shared imports neither features nor app, no app imports another) is Biome's
// noRestrictedImports in biome.json, checked by `npm run lint`.
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

describe('bundling', () => {
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
