// §7 "real-time connections from configuration": a player app served from another origin calls
// this API. CORS answers exactly the listed origins (ALLOWED_ORIGINS); a browser page from any
// other origin is refused before its route runs (40301), preflight or not. The sockets' check of
// the same rule is in sockets.ts.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import fp from 'fastify-plugin';
import { countRefusal } from '../../http/error-handler';
import { originPolicy } from '../../http/origins';

/** What a cross-origin player app sends: its token, JSON bodies. */
const allowedHeaders = 'Authorization, Content-Type, Accept';
const allowedMethods = 'GET, POST, PUT';

export default fp(
  async (app) => {
    const allowed = app.config.ALLOWED_ORIGINS;
    const judge = originPolicy(allowed);
    app.addHook('onRequest', async (request, reply) => {
      const origin = request.headers.origin;
      const verdict = judge(origin, request.headers.host);
      // Caches keep one answer per Origin once the answer depends on it.
      if (allowed.length > 0 && verdict !== 'none') reply.header('vary', 'Origin');
      if (verdict === 'none' || verdict === 'same') return;
      if (verdict === 'refused') {
        countRefusal(app, ErrorCode.originNotAllowed);
        return reply.code(403).send({
          ErrorMessage: errorMessages[ErrorCode.originNotAllowed],
          code: ErrorCode.originNotAllowed,
          Params: { origin },
        });
      }
      reply.header('access-control-allow-origin', origin);
      if (request.method === 'OPTIONS' && request.headers['access-control-request-method']) {
        reply.header('access-control-allow-methods', allowedMethods);
        reply.header('access-control-allow-headers', allowedHeaders);
        reply.header('access-control-max-age', '600');
        return reply.code(204).send();
      }
    });
  },
  { name: 'cross-origin', dependencies: ['config'] },
);
