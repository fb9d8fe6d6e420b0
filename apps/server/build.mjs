// Builds the server to JavaScript for production: `node dist/main.js`, no TypeScript loader at
// run time. esbuild bundles our own code — the server's sources and the workspace packages
// (@reelcast/protocol, @reelcast/egm), which export TypeScript — and leaves every npm package
// external, loaded from node_modules as usual (native modules such as wrtc and canvas included).
// The par sheet worker is a second entry, started from dist/ beside main.js. Files read at run
// time (migrations, the floor file, the info stylesheet, the player app) are found from the
// server's root (src/paths.ts), which is the same from src/ and from dist/.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(fileURLToPath(import.meta.url));
const outdir = path.join(root, 'dist');
rmSync(outdir, { recursive: true, force: true });

/** Bare imports stay external except our own workspace packages, which ship TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@reelcast/') ? undefined : { path: args.path, external: true },
    );
  },
};

await build({
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'parsheet-worker': path.join(root, 'src/modules/info/parsheet-worker.ts'),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages],
});
