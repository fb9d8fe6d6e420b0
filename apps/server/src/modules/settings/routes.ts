// /Settings.json: the §9 defaults with the operator's file laid over them, read on each request
// so an edit needs no rebuild or restart.
import { readFile } from 'node:fs/promises';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { FastifyPluginAsync } from 'fastify';
import type { Services } from '../../services';

export function settingsRoutes(services: Services): FastifyPluginAsync {
  return async (app) => {
    app.get('/Settings.json', async (request, reply) => {
      let overrides: Record<string, unknown> = {};
      const file = services.config.SETTINGS_FILE;
      if (file) {
        try {
          overrides = JSON.parse(await readFile(file, 'utf8'));
        } catch (err) {
          request.log.warn({ err, file }, 'settings file unreadable, serving defaults');
        }
      }
      reply.header('cache-control', 'no-cache');
      return { ...settingsDefaults, ICE_SERVERS: services.config.ICE_SERVERS, ...overrides };
    });
  };
}
