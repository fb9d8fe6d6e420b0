// POST /staff/deposit and /staff/withdraw (cashier and up): an operator moves money into or out of
// a player's wallet, with a reason. Idempotent by the caller's key; a withdrawal never takes the
// wallet below zero. The audit entry (the balance before and after, the reason) commits with the
// ledger entry.
import { staffMoneyAnswer, staffMoneyBody } from '@reelcast/protocol/wallet';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { wallet } = app;
  for (const direction of ['deposit', 'withdraw'] as const) {
    const { path, guard } = consoleRoute(direction);
    app.post(
      path,
      {
        ...guard,
        schema: {
          body: staffMoneyBody,
          response: staffResponsesWithConflict(staffMoneyAnswer),
        },
      },
      async (request) => {
        const { amount, idempotencyKey, reason } = request.body;
        const { entry, applied } = await wallet.operatorMove(
          direction,
          request.body,
          request.claims.username,
          (tx, posted) =>
            audited(
              app,
              request,
              {
                action: direction,
                targetType: 'player',
                targetId: posted.entry.playerId,
                reason,
                before: posted.applied
                  ? { balance: posted.entry.balanceAfter - posted.entry.amount }
                  : null,
                after: {
                  balance: posted.entry.balanceAfter,
                  amount,
                  entryId: posted.entry.id,
                  idempotencyKey,
                  // A repeated key moved nothing: the entry is the first one's.
                  applied: posted.applied,
                },
              },
              tx,
            ),
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
