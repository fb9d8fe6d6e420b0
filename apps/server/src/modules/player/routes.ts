import { balanceAnswer, errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import type { Services } from '../../services';

export function playerRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/player/balance',
      {
        preHandler: authenticate(services),
        schema: { response: { 200: balanceAnswer, 401: errorBody } },
      },
      async (request) => ({ balance: await services.ledger.balance(request.claims.id) }),
    );
  };
}
