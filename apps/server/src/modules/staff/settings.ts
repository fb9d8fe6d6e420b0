// GET /staff/settings (admin, supervisor, auditor): every §9 setting with the value in force, its
// default and where it comes from (default, the operator's file, or the console).
import { consoleSettingsAnswer } from '@reelcast/protocol/console-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const consoleSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('settings');
  app.get(
    path,
    { ...guard, schema: { response: staffResponses(consoleSettingsAnswer) } },
    async () => ({ ...succeeded, settings: app.consoleSettings.list() }),
  );
};
