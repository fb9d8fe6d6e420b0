// GET /staff/players/:id/ledger (every staff role): a player's ledger entries, filtered as the
// player's own transactions list is (types, from, to), newest first.
import { playerParams } from '@reelcast/protocol/console-players';
import { transactionsFilterQuery, transactionsPage } from '@reelcast/protocol/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const playerLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('playerLedger');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: playerParams,
        querystring: transactionsFilterQuery,
        response: staffResponses(transactionsPage),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      await app.staffPlayers.requirePlayer(playerId);
      const q = request.query;
      const { items, total } = await app.wallet.transactions(playerId, q);
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
        page: q.page,
        pageSize: q.pageSize,
      };
    },
  );
};
