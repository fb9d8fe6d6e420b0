// /Settings.json: the §9 defaults with the operator's file laid over them (see settings-store.ts).
import { servedSettingsSchema } from '@reelcast/protocol/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { settings } = app;
  app.get(
    '/Settings.json',
    { schema: { response: { 200: servedSettingsSchema } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return settings.current();
    },
  );
};
