// POST /staff/handpay-reset (supervisor and up): an attendant has paid a machine's pending hand pay
// (§3 type 5). Up to HAND_PAY_APPROVAL_ABOVE the seated player's wallet is credited through the
// ledger once, however often this is retried, and the machine unlocks; above it the answer is 202
// with the request a different supervisor approves (handpay-approvals.ts). A machine with no hand
// pay pending answers 40930.
import { handPayPendingAnswer } from '@reelcast/protocol/console-floor';
import { handPayResetAnswer, handPayResetBody } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { machineInBody } from '../cluster/forward';
import { staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const handPayResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { handPayApprovals } = app;
  const { path, guard } = consoleRoute('handPayReset');
  app.post(
    path,
    {
      ...guard,
      config: { machineOf: machineInBody },
      schema: {
        body: handPayResetBody,
        response: {
          ...staffResponsesWithConflict(handPayResetAnswer),
          202: handPayPendingAnswer,
        },
      },
    },
    async (request, reply) => {
      const { machineId } = request.body;
      const { id, username } = request.claims;
      const outcome = await handPayApprovals.reset(machineId, { id, username });
      if (outcome.kind === 'pending') {
        const { approval } = outcome;
        await audited(app, request, {
          action: 'hand pay approval requested',
          targetType: 'machine',
          targetId: machineId,
          after: { approvalId: approval.id, amount: approval.amount, status: approval.status },
        });
        return reply.status(202).send({ ...succeeded, machineId, approval });
      }
      const { paid } = outcome;
      await audited(app, request, {
        action: 'hand pay reset',
        targetType: 'machine',
        targetId: machineId,
        before: { handPay: paid.amount, balance: paid.balance - paid.amount },
        after: { handPay: 0, playerId: paid.playerId, balance: paid.balance },
      });
      request.log.info(
        { operator: request.claims.username, machineId, amount: paid.amount },
        'hand pay reset',
      );
      return { ...succeeded, machineId, ...paid };
    },
  );
};
