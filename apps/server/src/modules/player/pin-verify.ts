// POST /player/pin/verify: the idle lock's PIN check, counted per player (5 wrong in a row end the
// sign-in) and slowed down like /login.
import { errorBody } from '@reelcast/protocol/http';
import { pinVerifyAnswer, pinVerifyBody } from '@reelcast/protocol/pin-verify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slowedLikeLogin } from './slowed';

export const pinVerifyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { account, config } = app;
  app.post(
    '/player/pin/verify',
    {
      config: slowedLikeLogin(config),
      schema: {
        body: pinVerifyBody,
        response: { 200: pinVerifyAnswer, 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request) => account.verifyPin(request.claims, request.body.pin),
  );
};
