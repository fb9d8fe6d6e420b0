// POST /staff/deposit and /staff/withdraw: an operator moves money into or out of a player's
// wallet. Idempotent by the caller's key; a withdrawal never takes the wallet below zero.
import { staffMoneyAnswer, staffMoneyBody } from '@reelcast/protocol/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponsesWithConflict, succeeded } from './answers';

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app;
  for (const direction of ['deposit', 'withdraw'] as const) {
    app.post(
      `/staff/${direction}`,
      {
        schema: {
          body: staffMoneyBody,
          response: staffResponsesWithConflict(staffMoneyAnswer),
        },
      },
      async (request) => {
        const { entry, applied } = await wallet.operatorMove(
          direction,
          request.body,
          request.claims.username,
        );
        request.log.info(
          { operator: request.claims.username, playerId: entry.playerId, direction, applied },
          'operator money',
        );
        return {
          ...succeeded,
          playerId: entry.playerId,
          balance: entry.balanceAfter,
          entryId: entry.id,
          applied,
        };
      },
    );
  }
};
