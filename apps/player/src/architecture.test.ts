// Keeps socket.io out of the entry chunk and the toast library out of the first screen. The
// layering of STYLE.md (features never import each other, shared imports neither features nor
// app, no app imports another) is Biome's noRestrictedImports in biome.json, checked by `npm run
// lint`.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;

/** The app's files (tests aside) with a static value import of the package. */
function importersOf(pkg: string): string[] {
  const pattern = new RegExp(`^import (?!type )[^;]*from '${pkg.replaceAll('.', '\\.')}'`, 'm');
  return sourceFiles(root)
    .filter((file) => !file.includes('.test.'))
    .filter((file) => pattern.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(root, file));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('bundling', () => {
  it('only the game and watch screens reach socket.io', () => {
    // The notice socket (shared/socket) loads it with a dynamic import() after sign-in, so only a
    // static value import counts here: that is what would pull it into the entry chunk. The game
    // and watch pages are lazy routes of their own.
    const users = importersOf('socket.io-client');
    const lazyPages = ['features/game/', 'features/spectate/'];
    expect(users.every((file) => lazyPages.some((page) => file.startsWith(page)))).toBe(true);
  });

  it('toasts go through shared/ui/toast, which loads sonner with the first toast', () => {
    // A static import elsewhere would put sonner (9 KB gzipped) back into the first screen.
    expect(importersOf('sonner')).toEqual([]);
  });
});
