// GET /player/wait-list: the player's place in a wait list, or null (a tab that reloads reads it;
// changes come on /notice).
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { errorBody } from '@reelcast/protocol/http';
import { waitListAnswer } from '@reelcast/protocol/wait-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';

export const waitListPlaceRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/player/wait-list',
    {
      onRequest: authenticate(app.tokens),
      schema: { response: { 200: waitListAnswer, 401: errorBody } },
    },
    async (request) => ({
      code: ErrorCode.success,
      ErrorMessage: errorMessages[ErrorCode.success]!,
      entry: await app.waitList.placeOf(request.claims.id),
    }),
  );
};
