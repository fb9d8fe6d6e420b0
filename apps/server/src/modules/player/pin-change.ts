// POST /player/pin: the player sets or changes the idle lock's PIN, giving the account password.
import { accountChangeAnswer, pinChangeBody } from '@reelcast/protocol/account';
import { errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slowedLikeLogin } from './slowed';

export const pinChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, config } = app;
  app.post(
    '/player/pin',
    {
      config: slowedLikeLogin(config),
      schema: {
        body: pinChangeBody,
        response: { 200: accountChangeAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.changePin(request.claims, request.body),
  );
};
