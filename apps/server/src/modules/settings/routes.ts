// /Settings.json: the §9 defaults with the operator's file laid over them (see settings-store.ts).
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services';

export function settingsRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    services.settings.useLogger(app.log);
    app.get('/Settings.json', async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return services.settings.current();
    });
  };
}
