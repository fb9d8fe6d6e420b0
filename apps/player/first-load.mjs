// What a route loads on a first visit, read from the build's manifest: index.html's entry and
// the lazy modules the route loads at once, each with every chunk and stylesheet it
// imports statically, plus one language file (the heaviest, so the figure holds for every
// player). Used by the size budget (.size-limit.js) and the e2e check that the browser loads
// nothing else (e2e/first-load.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const distDir = path.join(import.meta.dirname, 'dist');
const manifestFile = path.join(import.meta.dirname, '.tmp/build-manifest.json');

/**
 * The lazy modules each route loads on a first visit (src/app/router.tsx), by source path or by
 * chunk name (vite.config.ts names the socket.io chunk). Signed in, the notice connection's
 * socket.io and the lock screen (fetched ahead, src/features/lock) load too.
 */
export const routeModules = {
  '/login': ['src/features/auth/components/login-page.tsx'],
  '/lobby': [
    'src/app/signed-in.tsx',
    'src/app/shell-layout.tsx',
    'src/features/lobby/components/lobby-page.tsx',
    'src/features/reconnect/components/reconnect-dialog.tsx',
    'src/features/wallet/components/claim-buttons.tsx',
    'src/features/lock/components/lock-screen.tsx',
    'socket-io',
  ],
  '/game': [
    'src/app/signed-in.tsx',
    'src/features/game/components/game-page.tsx',
    'src/features/wallet/components/claim-buttons.tsx',
    'src/features/lock/components/lock-screen.tsx',
    'socket-io',
  ],
};

const languageModules = ['src/locales/tr.json', 'src/locales/en.json', 'src/locales/ar.json'];

/** The build's manifest, which vite.config.ts moves out of dist. */
export function readManifest() {
  return JSON.parse(readFileSync(manifestFile, 'utf8'));
}

/** Every file (dist-relative) the given manifest keys load, following static imports only. */
export function staticClosure(manifest, keys) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key] ?? Object.values(manifest).find((entry) => entry.name === key);
    if (!chunk) throw new Error(`${key} is not in the build's manifest`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The translation files, one per language; the player loads one of them. */
export function languageFiles(manifest) {
  return languageModules.map((key) => manifest[key].file);
}

/** The heaviest language file, so a budget met holds whichever language the player reads. */
export function heaviestLanguageFile(manifest, dir = distDir) {
  const sizes = languageFiles(manifest).map((file) => ({
    file,
    bytes: readFileSync(path.join(dir, file)).length,
  }));
  return sizes.sort((a, b) => b.bytes - a.bytes)[0].file;
}

/** The files (dist-relative) a route loads on a first visit. */
export function routeFiles(route, manifest = readManifest(), dir = distDir) {
  const files = staticClosure(manifest, ['index.html', ...routeModules[route]]);
  files.add(heaviestLanguageFile(manifest, dir));
  return [...files].sort();
}
