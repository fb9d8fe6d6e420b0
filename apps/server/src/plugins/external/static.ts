// The built apps, when there are any, and the 404. The staff console (apps/console) is published
// under /console and the player app at the root, on the same origin and so under the same CSP: a
// page load of a client route gets its own app's index.html (/console/… the console's, /login,
// /lobby/… the player's); API calls and missing assets get the JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import fp from 'fastify-plugin';
import { countRefusal } from '../../http/error-handler';
import { defaultConsoleDist, defaultPlayerDist } from '../../paths';

const CONSOLE_PREFIX = '/console';

/** /console and everything under it belongs to the console; the rest to the player app. */
export const isConsolePath = (url: string) =>
  url === CONSOLE_PREFIX || url.startsWith(`${CONSOLE_PREFIX}/`);

export default fp(
  async (app) => {
    const built = (dist: string) => (existsSync(path.join(dist, 'index.html')) ? dist : null);
    const playerDist = built(app.config.PLAYER_DIST ?? defaultPlayerDist);
    const consoleDist = built(app.config.CONSOLE_DIST ?? defaultConsoleDist);
    const published = [
      { root: playerDist, prefix: '/' },
      { root: consoleDist, prefix: `${CONSOLE_PREFIX}/` },
    ].filter((p): p is { root: string; prefix: string } => p.root !== null);
    for (const [i, { root, prefix }] of published.entries()) {
      // One reply.sendFile is enough: it takes the root of the app it sends from.
      await app.register(fastifyStatic, {
        root,
        prefix,
        wildcard: false,
        index: ['index.html'],
        decorateReply: i === 0,
      });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = String(request.headers.accept ?? '').includes('text/html');
      const dist = isConsolePath(url) ? consoleDist : playerDist;
      if (request.method === 'GET' && dist && wantsPage && !path.extname(url)) {
        return reply.sendFile('index.html', dist);
      }
      countRefusal(app, ErrorCode.notFound);
      return reply.status(404).send({
        ErrorMessage: errorMessages[ErrorCode.notFound],
        code: ErrorCode.notFound,
        Params: { path: url },
      });
    });
  },
  { name: 'static', dependencies: ['config'] },
);
