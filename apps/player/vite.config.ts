import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type ProxyOptions } from 'vite';
import { localeParts } from './locale-parts.mjs';

// The dev server forwards every server path to the Reelcast server so the app runs same-origin,
// exactly as it does when the server serves the built files.
const target = 'http://127.0.0.1:8080';
const proxied = ['/login', '/validate', '/player', '/machine', '/Settings.json', '/images'];

// /login is both the API call (POST) and the page the player opens (GET text/html): page loads
// stay with the dev server so the app's own route renders.
function keepPageLoads(req: IncomingMessage): string | undefined {
  if (req.method === 'GET' && req.headers.accept?.includes('text/html')) return '/index.html';
  return undefined;
}

// The manifest names every source file: the size budget (first-load.mjs) reads it, no browser
// needs it, so it moves out of dist, which the server publishes as it is.
const manifestFile = path.join(import.meta.dirname, '.tmp/build-manifest.json');

function manifestOutsideDist(): Plugin {
  return {
    name: 'reelcast:manifest-outside-dist',
    apply: 'build',
    // Once written, so a failed build shows its own error rather than a missing manifest.
    writeBundle() {
      const written = path.join(import.meta.dirname, 'dist/.vite');
      mkdirSync(path.dirname(manifestFile), { recursive: true });
      renameSync(path.join(written, 'manifest.json'), manifestFile);
      rmSync(written, { recursive: true });
    },
  };
}

// The service worker and its offline page (pwa/): the worker's cache is named after the page's
// hash, so a changed page reaches installed apps with the next deployment.
function serviceWorker(): Plugin {
  const read = (name: string) => readFileSync(path.join(import.meta.dirname, 'pwa', name), 'utf8');
  return {
    name: 'reelcast:service-worker',
    apply: 'build',
    generateBundle() {
      const page = read('offline.html');
      const version = createHash('sha256').update(page).digest('hex').slice(0, 12);
      const worker = read('sw.js').replace('__OFFLINE_VERSION__', version);
      this.emitFile({ type: 'asset', fileName: 'offline.html', source: page });
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: worker });
    },
  };
}

// lucide-react's icons drawn by src/shared/ui/lucide-icon.ts rather than by lucide's own engine
// (issue 22, first load: 1 kB of every first load, for sizes, colours and a context the app never
// uses). Each icon module imports the engine as '../createLucideIcon.mjs'; that one import is
// pointed at ours, and the icons' paths stay lucide's. A build in which no icon was pointed there
// fails: lucide's layout has changed, and the swap with it.
function lucideRenderer(): Plugin {
  const renderer = path.join(import.meta.dirname, 'src/shared/ui/lucide-icon.ts');
  const iconModule = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^\\/]+\.mjs$/;
  let pointed = 0;
  return {
    name: 'reelcast:lucide-renderer',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      pointed = 0;
    },
    resolveId(source, importer) {
      if (source !== '../createLucideIcon.mjs' || !importer || !iconModule.test(importer)) {
        return null;
      }
      pointed++;
      return renderer;
    },
    buildEnd(error) {
      if (!error && pointed === 0) {
        throw new Error("lucide-react's icons no longer import '../createLucideIcon.mjs'");
      }
    },
  };
}

// Modules of src/ by path, without extension.
function under(paths: string[]): (id: string) => boolean {
  const pattern = new RegExp(`/src/(?:${paths.join('|')})\\.tsx?$`);
  return (id) => pattern.test(id.replaceAll('\\', '/'));
}

/**
 * What every signed-in screen shares, in one chunk: the query cache (shared/query) and the app's
 * modules that app/signed-in.tsx (loaded before any of them) shares with the lobby, the game
 * screen and the later pages. Nothing the entry or the login screen imports (that would bring it
 * into /login), and nothing of the signed-in chunk's own: the chunk imports this one, and a module
 * here that imported back from it would run before what it imports (React's error 130 on the
 * lobby). first-load.mjs fails the build's size check on such a cycle. useMutation stays out:
 * nothing on the lobby's first screen changes data (its reserve buttons wait for the first screen).
 */
const signedInModule = under([
  'shared/query/(?!use-mutation)[a-z-]+',
  'shared/api/(?:query-client|get-balance)',
  'shared/(?:money|machine-actions)',
  'shared/socket/notice-events',
  'shared/ui/balance-amount',
]);
const signedInPackage = /packages[\\/]protocol[\\/]src[\\/]socket-namespaces\.ts$/;
const signedInShared = (id: string) => signedInModule(id) || signedInPackage.test(id);

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    lucideRenderer(),
    localeParts(),
    react(),
    tailwindcss(),
    serviceWorker(),
    manifestOutsideDist(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    // Browsers without <link rel=modulepreload> still load every module, only later: the
    // polyfill was 0.3 kB of the first load for all. A lazy chunk's preload list leaves out the
    // chunks always in by then (the entry's, and the signed-in chunk under which every chunk that
    // imports it loads): naming them in every list cost 0.1 kB.
    modulePreload: {
      polyfill: false,
      resolveDependencies: (_file, deps) =>
        deps.filter((dep) => !/^assets\/(react|rolldown-runtime|index|signed-in)-/.test(dep)),
    },
    rolldownOptions: {
      output: {
        // socket.io in one chunk of its own name, which the size budget looks up. React in one
        // chunk too (issue 22): split among the app's shared chunks it cost more on the lobby,
        // and its file then stays the same between releases. The query cache goes with what the
        // signed-in screens share (signedInModule): a file of its own cost the lobby 0.3 kB more.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 30,
            },
            // Split among small shared chunks it cost the lobby 1.5 kB more.
            {
              name: 'signed-in-shared',
              test: signedInShared,
              priority: 10,
              // Their imports stay where they are: the entry's modules in the entry.
              includeDependenciesRecursively: false,
            },
            {
              name: 'socket-io',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(
        proxied.map((path): [string, ProxyOptions] => [path, { target, bypass: keepPageLoads }]),
      ),
      '/socket.io': { target, ws: true },
    },
  },
});
