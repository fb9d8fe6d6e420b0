// POST /staff/handpay-reset: an attendant has paid a machine's pending hand pay (§3 type 5). The
// seated player's wallet is credited through the ledger once, however often this is retried, and
// the machine unlocks; a machine with no hand pay pending answers 40930.
import { handPayResetAnswer, handPayResetBody } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponsesWithConflict, succeeded } from './answers';

export const handPayResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app;
  app.post(
    '/staff/handpay-reset',
    {
      schema: {
        body: handPayResetBody,
        response: staffResponsesWithConflict(handPayResetAnswer),
      },
    },
    async (request) => {
      const { machineId } = request.body;
      const paid = await sessions.resetHandPay(machineId, request.claims.username);
      request.log.info(
        { operator: request.claims.username, machineId, amount: paid.amount },
        'hand pay reset',
      );
      return {
        ...succeeded,
        machineId,
        ...paid,
      };
    },
  );
};
