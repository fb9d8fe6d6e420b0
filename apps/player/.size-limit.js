// The first-load budget (issue 22): gzip -9 of everything a route loads on a first visit
// (first-load.mjs). `npm run size` builds and prints the figures; `npm test` fails above a limit.
import { readManifest, routeFiles } from './first-load.mjs';

const manifest = readManifest();
// Today's figures plus about 3 kB (1 kB = 1000 bytes): a heavy dependency on the way to a first
// screen fails the build; a route that must grow raises its limit in the same commit, on purpose.
// The target of issue 22 is 100 kB; docs/decisions.md says why this stack cannot reach it.
const limits = { '/login': '103 kB', '/lobby': '131 kB', '/game': '148 kB' };

export default Object.entries(limits).map(([route, limit]) => ({
  name: route,
  path: routeFiles(route, manifest).map((file) => `dist/${file}`),
  gzip: true,
  limit,
}));
