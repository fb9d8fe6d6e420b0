// Files the server reads at run time, found from the server package's root. This module sits one
// level under it both as source (src/paths.ts, run by tsx) and bundled (dist/main.js), so one
// rule serves both; a module deeper in src/ would resolve differently once bundled.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server */
export const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Running the bundle (dist/*.js, plain node) rather than the sources under tsx. */
export const runningBuilt = import.meta.url.endsWith('.js');

/** drizzle's migrations, one set for PGlite and PostgreSQL */
export const migrationsFolder = path.join(serverRoot, 'drizzle');

/** The floor that ships with Reelcast. */
export const defaultFloorFile = path.join(serverRoot, 'floor/floor.json');

/** The player app as `npm run build` leaves it. */
export const defaultPlayerDist = path.join(serverRoot, '../player/dist');

/** The staff console as `npm run build` leaves it, published under /console. */
export const defaultConsoleDist = path.join(serverRoot, '../console/dist');

/** The information pages' stylesheet. */
export const infoStylesheet = path.join(serverRoot, 'src/modules/info/info.css');
