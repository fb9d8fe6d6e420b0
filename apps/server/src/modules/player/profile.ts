// GET /player/profile: the player's own account as the client shows it.
import { profileAnswer } from '@reelcast/protocol/account';
import { errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account } = app;
  app.get(
    '/player/profile',
    { schema: { response: { 200: profileAnswer, 401: errorBody } } },
    async (request) => account.profile(request.claims, request.ip),
  );
};
