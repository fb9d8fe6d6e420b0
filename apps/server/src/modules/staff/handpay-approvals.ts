// GET /staff/handpay-approvals (every staff role): hand pays above HAND_PAY_APPROVAL_ABOVE and
// their requests, pending by default. POST /staff/handpay-approvals/:id/approve (supervisor and
// up, not the one who asked: 40931): the second supervisor's approval pays the hand pay.
import {
  handPayApprovalParams,
  handPayApprovalsAnswer,
  handPayApprovalsQuery,
} from '@reelcast/protocol/console-floor';
import { handPayResetAnswer } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const handPayApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { handPayApprovals } = app;
  const list = consoleRoute('handPayApprovals');
  app.get(
    list.path,
    {
      ...list.guard,
      schema: {
        querystring: handPayApprovalsQuery,
        response: staffResponses(handPayApprovalsAnswer),
      },
    },
    async (request) => ({
      ...succeeded,
      approvals: await handPayApprovals.list(request.query.status),
    }),
  );

  const approve = consoleRoute('handPayApprove');
  app.post(
    approve.path,
    {
      ...approve.guard,
      schema: {
        params: handPayApprovalParams,
        response: staffResponsesWithConflict(handPayResetAnswer),
      },
    },
    async (request) => {
      const { id, username } = request.claims;
      const { approval, paid } = await handPayApprovals.approve(request.params.id, {
        id,
        username,
      });
      await audited(app, request, {
        action: 'hand pay approved',
        targetType: 'machine',
        targetId: approval.machineId,
        before: { handPay: paid.amount, requestedBy: approval.requestedBy },
        after: {
          handPay: 0,
          approvalId: approval.id,
          playerId: paid.playerId,
          balance: paid.balance,
        },
      });
      return { ...succeeded, machineId: approval.machineId, ...paid };
    },
  );
};
