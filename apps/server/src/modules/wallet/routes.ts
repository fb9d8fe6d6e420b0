import { errorBody, transactionsAnswer, transactionsQuery } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import type { Services } from '../../services';
import { walletRepository } from './repository';

export function walletRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/player/transactions',
      {
        preHandler: authenticate(services),
        schema: {
          querystring: transactionsQuery,
          response: { 200: transactionsAnswer, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const { page, pageSize } = request.query;
        const { items, total } = await walletRepository.page(
          services.database.db,
          request.claims.id,
          pageSize,
          (page - 1) * pageSize,
        );
        return {
          items: items.map((e) => ({
            id: e.id,
            type: e.type,
            amount: e.amount,
            balanceAfter: e.balanceAfter,
            source: e.source,
            sessionId: e.sessionId,
            machineId: e.machineId,
            createdAt: e.createdAt.toISOString(),
          })),
          total,
          page,
          pageSize,
        };
      },
    );
  };
}
