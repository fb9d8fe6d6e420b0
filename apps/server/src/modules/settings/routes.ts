// /Settings.json: the §9 defaults with the operator's file laid over them (see settings-store.ts).
import { servedSettingsSchema } from '@reelcast/protocol/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services';

export function settingsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    services.settings.useLogger(app.log);
    app.get(
      '/Settings.json',
      { schema: { response: { 200: servedSettingsSchema } } },
      async (_request, reply) => {
        reply.header('cache-control', 'no-cache');
        return services.settings.current();
      },
    );
  };
}
