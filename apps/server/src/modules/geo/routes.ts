// GET /check (§1, §7): where the caller connects from and whether that country may play.

import { ErrorCode } from '@reelcast/protocol/codes';
import { CHECK_PATH, checkAnswer } from '@reelcast/protocol/geo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  const { geo } = app;
  app.get(CHECK_PATH, { schema: { response: { 200: checkAnswer } } }, async (request, reply) => {
    const { permitted, ip, country } = geo.check(request.ip);
    reply.header('cache-control', 'no-store');
    return {
      status: permitted,
      code: permitted ? ErrorCode.success : ErrorCode.ipNotPermitted,
      ip,
      country,
    };
  });
};
