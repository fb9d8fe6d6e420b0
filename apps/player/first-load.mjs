// What a route loads on a first visit before the player can act, read from the build's manifest:
// index.html's entry and the lazy modules the route loads at once, each with every chunk and
// stylesheet it imports statically, plus the first screens' part of one language (the heaviest,
// so the figure holds for every player) and the other parts it reads ('login', 'rest'); and what
// it loads once its first screen is up. Used by
// the size budget (.size-limit.js) and the e2e check that the browser loads nothing else, and
// that the first screen works before the deferred files arrive (e2e/first-load.spec.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const distDir = path.join(import.meta.dirname, 'dist');
const manifestFile = path.join(import.meta.dirname, '.tmp/build-manifest.json');

/**
 * The lazy modules each route loads before the player can act (src/app/router.tsx), by source
 * path or by chunk name (vite.config.ts names the socket.io chunk). /login and /lobby start with
 * their own part of the stylesheet, any other address with the whole (src/main.tsx). Signed in,
 * the signed-in chunk (query cache, what screens hear of the notice connection, jackpot toast)
 * comes first, then the lobby with its shell in one chunk; the login screen reads its own part of
 * the translations (`login`); the game screen connects to its machine with socket.io and reads
 * all the translations.
 */
export const routeModules = {
  '/login': ['src/login-screen.css', 'src/features/auth/components/login-page.tsx', 'login'],
  '/lobby': ['src/lobby-screen.css', 'src/app/signed-in.tsx', 'src/app/lobby-screen.ts'],
  '/game': [
    'src/index.css',
    'src/app/signed-in.tsx',
    'src/features/game/components/game-page.tsx',
    'socket-io',
    'login',
    'rest',
  ],
};

/**
 * What each route loads once its first screen is up (src/shared/first-screen.ts), which the
 * budget does not count: the rest of the translations and of the stylesheet, and the service
 * worker's registration; signed in, the lock screen (fetched ahead), the wait list's ready prompt,
 * and in one chunk (src/app/signed-in-extras.ts) the wallet's claim buttons with the automatic
 * claims, the idle watch and the notice connection, which then loads socket.io; on the lobby, the
 * reconnect dialog, the actions of a busy machine's card, the jackpots and the reserve buttons
 * (features/lobby/components/lobby-later.tsx) and the shell's parts beyond the header and wallet
 * (src/app/shell-later.tsx).
 */
export const deferredModules = {
  '/login': ['rest', 'src/index.css', 'src/app/service-worker.ts'],
  '/lobby': [
    'login',
    'rest',
    'src/index.css',
    'src/app/service-worker.ts',
    'src/features/lock/components/lock-screen.tsx',
    'socket-io',
    'src/features/reconnect/components/reconnect-dialog.tsx',
    // Issue #18: the wait list's ready prompt, and Watch / the wait list on a busy machine's card.
    'src/features/wait-list/components/ready-prompt.tsx',
    'src/features/spectate/components/watch-action.tsx',
    'src/features/wait-list/components/wait-list-action.tsx',
    'src/app/shell-extras.ts',
    'src/app/signed-in-extras.ts',
    'src/features/lobby/components/lobby-extras.ts',
  ],
  '/game': [
    'src/app/service-worker.ts',
    'src/features/lock/components/lock-screen.tsx',
    'src/features/wait-list/components/ready-prompt.tsx',
    'src/app/signed-in-extras.ts',
  ],
};

const languages = ['tr', 'en', 'ar'];
/**
 * A language's translations in three parts (locale-parts.mjs): the first screens', the login
 * screen's and the rest.
 */
const languageParts = {
  first: languages.map((language) => `src/locales/${language}.json?part=first`),
  login: languages.map((language) => `src/locales/${language}.json?part=login`),
  rest: languages.map((language) => `src/locales/${language}.json?part=rest`),
};

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

/**
 * The build's chunks that import themselves through others, each as one cycle of manifest keys.
 * A module of such a chunk may run before a module it imports has (vite.config.ts's groups can
 * make them): the size check refuses a build with one.
 */
export function chunkCycles(manifest) {
  const cycles = [];
  for (const start of Object.keys(manifest)) {
    const paths = [[start]];
    const seen = new Set();
    while (paths.length > 0) {
      const path = paths.pop();
      for (const next of manifest[path.at(-1)]?.imports ?? []) {
        if (next === start) cycles.push([...path, start]);
        else if (!seen.has(next)) {
          seen.add(next);
          paths.push([...path, next]);
        }
      }
    }
  }
  return cycles;
}

/** The translation files, three per language; the player loads those of one language. */
export function languageFiles(manifest) {
  return Object.values(languageParts)
    .flat()
    .map((key) => manifest[key].file);
}

/** The heaviest language's file of a part, so a budget met holds whichever language is read. */
export function heaviestLanguageFile(manifest, part = 'first', dir = distDir) {
  const sizes = languageParts[part].map((key) => ({
    file: manifest[key].file,
    bytes: readFileSync(path.join(dir, manifest[key].file)).length,
  }));
  return sizes.sort((a, b) => b.bytes - a.bytes)[0].file;
}

/** The files of some modules; 'login' and 'rest' stand for those parts of the translations. */
function filesOf(modules, manifest, dir) {
  const parts = ['login', 'rest'];
  const files = staticClosure(
    manifest,
    modules.filter((key) => !parts.includes(key)),
  );
  for (const part of parts) {
    if (modules.includes(part)) files.add(heaviestLanguageFile(manifest, part, dir));
  }
  return files;
}

/** The files (dist-relative) a route loads before the player can act: what the budget counts. */
export function routeFiles(route, manifest = readManifest(), dir = distDir) {
  const files = filesOf(['index.html', ...routeModules[route]], manifest, dir);
  files.add(heaviestLanguageFile(manifest, 'first', dir));
  return [...files].sort();
}

/** The files a route loads once its first screen is up, beyond those of routeFiles. */
export function deferredFiles(route, manifest = readManifest(), dir = distDir) {
  const first = new Set(routeFiles(route, manifest, dir));
  const files = filesOf(deferredModules[route], manifest, dir);
  return [...files].filter((file) => !first.has(file)).sort();
}
