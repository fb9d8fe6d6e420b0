// GET /staff/accounts (admin, auditor): the staff accounts with their role, ban and two-factor.
// POST /staff/accounts (admin): a new staff account with a generated password, answered once.
import {
  staffAccountCreateBody,
  staffAccountPasswordAnswer,
  staffAccountsAnswer,
} from '@reelcast/protocol/console-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditedAccount } from '../staff-accounts/service';
import { staffResponses, staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const staffAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAccounts } = app;
  const list = consoleRoute('staffAccounts');
  app.get(
    list.path,
    { ...list.guard, schema: { response: staffResponses(staffAccountsAnswer) } },
    async () => ({ ...succeeded, accounts: await staffAccounts.list() }),
  );

  const create = consoleRoute('staffAccountCreate');
  app.post(
    create.path,
    {
      ...create.guard,
      schema: {
        body: staffAccountCreateBody,
        response: staffResponsesWithConflict(staffAccountPasswordAnswer),
      },
    },
    async (request) => {
      const { account, password } = await staffAccounts.create(request.body, (tx, created) =>
        audited(
          app,
          request,
          {
            action: 'create staff account',
            targetType: 'staff',
            targetId: created.id,
            reason: request.body.reason,
            after: { username: created.username, ...auditedAccount(created) },
          },
          tx,
        ),
      );
      return { ...succeeded, account, password };
    },
  );
};
