// The built player app, when there is one, and the 404: a page load of a client route (/login,
// /lobby/…) gets the app's index.html; API calls and missing assets get the JSON 404.
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import fp from 'fastify-plugin';
import { countRefusal } from '../../http/error-handler';
import { defaultPlayerDist } from '../../paths';

export default fp(
  async (app) => {
    const dist = app.config.PLAYER_DIST ?? defaultPlayerDist;
    const haveClient = existsSync(path.join(dist, 'index.html'));
    if (haveClient) {
      await app.register(fastifyStatic, { root: dist, wildcard: false, index: ['index.html'] });
    }
    app.setNotFoundHandler((request, reply) => {
      const url = request.url.split('?')[0] ?? '/';
      const wantsPage = String(request.headers.accept ?? '').includes('text/html');
      if (request.method === 'GET' && haveClient && wantsPage && !path.extname(url)) {
        return reply.sendFile('index.html');
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
