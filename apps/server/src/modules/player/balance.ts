// GET /player/balance: the player's wallet balance, from the ledger.
import { balanceAnswer, errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const balanceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ledger } = app;
  app.get(
    '/player/balance',
    { schema: { response: { 200: balanceAnswer, 401: errorBody } } },
    async (request) => ({ balance: await ledger.balance(request.claims.id) }),
  );
};
