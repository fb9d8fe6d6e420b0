// The first-load budget (issue 22): gzip -9 of everything a route loads before the player can act
// (first-load.mjs). `npm run size` builds and prints the figures; `npm test` fails above a limit.
import { readManifest, routeFiles } from './first-load.mjs';

const manifest = readManifest();
// Today's figures, rounded up to the next kB (1000 bytes): a larger first load fails the build.
const limits = { '/login': '162 kB', '/lobby': '177 kB', '/game': '173 kB' };

export default Object.entries(limits).map(([route, limit]) => ({
  name: route,
  path: routeFiles(route, manifest).map((file) => `dist/${file}`),
  gzip: true,
  limit,
}));
