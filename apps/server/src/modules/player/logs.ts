// GET /player/logs: the player's login log, a page at a time.
import { logsAnswer, logsQuery } from '@reelcast/protocol/account';
import { errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app;
  app.get(
    '/player/logs',
    {
      schema: {
        querystring: logsQuery,
        response: { 200: logsAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => account.logs(request.claims, request.query.page, request.query.pageSize),
  );
};
