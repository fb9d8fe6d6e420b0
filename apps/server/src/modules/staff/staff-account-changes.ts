// POST /staff/accounts/:id/role (admin): another staff account's role and ban; the change signs
// it out everywhere. POST /staff/accounts/:id/reset (admin): a new generated password, answered
// once, and two-factor off, for a member who lost either.
import {
  staffAccountAnswer,
  staffAccountParams,
  staffAccountPasswordAnswer,
  staffAccountResetBody,
  staffAccountRoleBody,
} from '@reelcast/protocol/console-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditedAccount } from '../staff-accounts/service';
import { staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const staffAccountChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAccounts } = app;
  const role = consoleRoute('staffAccountRole');
  app.post(
    role.path,
    {
      ...role.guard,
      schema: {
        params: staffAccountParams,
        body: staffAccountRoleBody,
        response: staffResponsesWithConflict(staffAccountAnswer),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { reason, ...change } = request.body;
      const account = await staffAccounts.setRole(id, request.claims.id, change, (tx, b, a) =>
        audited(
          app,
          request,
          {
            action: 'set staff role',
            targetType: 'staff',
            targetId: id,
            reason,
            before: auditedAccount(b),
            after: auditedAccount(a),
          },
          tx,
        ),
      );
      return { ...succeeded, account };
    },
  );

  const reset = consoleRoute('staffAccountReset');
  app.post(
    reset.path,
    {
      ...reset.guard,
      schema: {
        params: staffAccountParams,
        body: staffAccountResetBody,
        response: staffResponsesWithConflict(staffAccountPasswordAnswer),
      },
    },
    async (request) => {
      const { id } = request.params;
      const { account, password } = await staffAccounts.reset(id, (tx, b, a) =>
        audited(
          app,
          request,
          {
            action: 'reset staff account',
            targetType: 'staff',
            targetId: id,
            reason: request.body.reason,
            before: auditedAccount(b),
            after: { ...auditedAccount(a), password: 'reset' },
          },
          tx,
        ),
      );
      return { ...succeeded, account, password };
    },
  );
};
