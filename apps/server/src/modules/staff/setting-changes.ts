// POST /staff/settings (admin): one §9 setting's value, checked as the operator's file's would be
// (40000 with why when it does not fit, nothing stored), in force on /Settings.json at once.
// POST /staff/settings/reset (admin): the console's value dropped, the file's or the default back.
// Each is in the audit log with the value in force before and after.
import {
  consoleSettingAnswer,
  settingChangeBody,
  settingResetBody,
} from '@reelcast/protocol/console-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const settingChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { consoleSettings } = app;
  const change = consoleRoute('settingChange');
  app.post(
    change.path,
    {
      ...change.guard,
      schema: { body: settingChangeBody, response: staffResponses(consoleSettingAnswer) },
    },
    async (request) => {
      const { key, value, reason } = request.body;
      const setting = await consoleSettings.set(key, value, request.claims.username, (tx, b, a) =>
        audited(
          app,
          request,
          {
            action: 'set setting',
            targetType: 'setting',
            targetId: key,
            reason,
            before: b,
            after: a,
          },
          tx,
        ),
      );
      return { ...succeeded, setting };
    },
  );

  const reset = consoleRoute('settingReset');
  app.post(
    reset.path,
    {
      ...reset.guard,
      schema: { body: settingResetBody, response: staffResponses(consoleSettingAnswer) },
    },
    async (request) => {
      const { key, reason } = request.body;
      const setting = await consoleSettings.reset(key, (tx, b, a) =>
        audited(
          app,
          request,
          {
            action: 'reset setting',
            targetType: 'setting',
            targetId: key,
            reason,
            before: b,
            after: a,
          },
          tx,
        ),
      );
      return { ...succeeded, setting };
    },
  );
};
