// POST /player/wait-list {machineId}: joins the busy machine's wait list (leaving any other) and
// answers the player's place; asking again answers it again. Made by the machine's owner (several
// instances, #19): its gate on the free seat is shut before the answer, not a NOTIFY later.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { errorBody } from '@reelcast/protocol/http';
import { waitListAnswer, waitListJoinBody } from '@reelcast/protocol/wait-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import { machineInBody } from '../cluster/forward';

export const waitListJoinRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/player/wait-list',
    {
      onRequest: authenticate(app.tokens),
      config: { machineOf: machineInBody },
      schema: {
        body: waitListJoinBody,
        response: {
          200: waitListAnswer,
          400: errorBody,
          401: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (request) => ({
      code: ErrorCode.success,
      ErrorMessage: errorMessages[ErrorCode.success]!,
      entry: await app.waitList.join(request.claims.id, request.body.machineId),
    }),
  );
};
