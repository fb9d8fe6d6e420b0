// POST /staff/two-factor/enrol and /staff/two-factor/confirm (every staff role, for their own
// account): a new TOTP secret and its otpauth URI for the authenticator app, then a first code
// from it that turns two-factor on. From then on POST /login asks this account for a code.
import {
  twoFactorConfirmAnswer,
  twoFactorConfirmBody,
  twoFactorEnrolAnswer,
} from '@reelcast/protocol/console-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffAccounts } = app;
  const enrol = consoleRoute('twoFactorEnrol');
  app.post(
    enrol.path,
    { ...enrol.guard, schema: { response: staffResponsesWithConflict(twoFactorEnrolAnswer) } },
    async (request) => {
      const { id } = request.claims;
      const answer = await staffAccounts.enrol(id);
      // The secret itself is never recorded.
      await audited(app, request, {
        action: 'two-factor enrol',
        targetType: 'staff',
        targetId: id,
        after: { twoFactor: 'pending' },
      });
      return { ...succeeded, ...answer };
    },
  );

  const confirm = consoleRoute('twoFactorConfirm');
  app.post(
    confirm.path,
    {
      ...confirm.guard,
      schema: {
        body: twoFactorConfirmBody,
        response: staffResponsesWithConflict(twoFactorConfirmAnswer),
      },
    },
    async (request) => {
      const { id } = request.claims;
      await staffAccounts.confirm(id, request.body.code);
      await audited(app, request, {
        action: 'two-factor on',
        targetType: 'staff',
        targetId: id,
        before: { twoFactor: false },
        after: { twoFactor: true },
      });
      return { ...succeeded, twoFactor: true as const };
    },
  );
};
