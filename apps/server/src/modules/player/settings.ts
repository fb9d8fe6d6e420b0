// PUT /player/settings: the player's own settings (the screen layout), saved on the account.
import { errorBody, userSettings } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app;
  app.put(
    '/player/settings',
    {
      schema: {
        body: userSettings,
        response: { 200: userSettings, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => account.saveSettings(request.claims, request.body),
  );
};
