// POST /player/wait-list/leave: the player leaves their wait list (and its ready prompt's hold).
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { errorBody } from '@reelcast/protocol/http';
import { waitListLeaveAnswer } from '@reelcast/protocol/wait-list';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';

export const waitListLeaveRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/player/wait-list/leave',
    {
      onRequest: authenticate(app.tokens),
      schema: { response: { 200: waitListLeaveAnswer, 401: errorBody } },
    },
    async (request) => ({
      code: ErrorCode.success,
      ErrorMessage: errorMessages[ErrorCode.success]!,
      machineId: await app.waitList.leave(request.claims.id, 'left'),
    }),
  );
};
