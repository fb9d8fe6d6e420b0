// POST /player/password: the player changes the password, giving the current one.
import { accountChangeAnswer, passwordChangeBody } from '@reelcast/protocol/account';
import { errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slowedLikeLogin } from './slowed';

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, config } = app;
  app.post(
    '/player/password',
    {
      config: slowedLikeLogin(config),
      schema: {
        body: passwordChangeBody,
        response: { 200: accountChangeAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.changePassword(request.claims, request.body, request.ip),
  );
};
