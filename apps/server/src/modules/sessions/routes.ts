// The player's slot sessions: history, game recall of one session, and the open sessions the
// reconnect dialog offers. A player only ever sees their own.
import { errorBody } from '@reelcast/protocol/http';
import {
  gameRecallAnswer,
  openSlotSessionsAnswer,
  slotSessionParams,
  slotSessionsAnswer,
  slotSessionsQuery,
  spinsQuery,
} from '@reelcast/protocol/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authenticate } from '../../http/authenticate';
import { SlotSessionHistory } from './history';

export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app;
  const { db } = app.database;
  // On the request, before the body is parsed or checked: a stranger gets 401, never 400.
  const onRequest = authenticate(app.tokens);
  const history = new SlotSessionHistory(db, sessions, app.ownership);

  app.get(
    '/player/slot-sessions',
    {
      onRequest,
      schema: {
        querystring: slotSessionsQuery,
        response: { 200: slotSessionsAnswer, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => history.list(request.claims.id, request.query.page, request.query.pageSize),
  );

  app.get(
    '/player/slot-sessions/:id/spins',
    {
      onRequest,
      schema: {
        params: slotSessionParams,
        querystring: spinsQuery,
        response: {
          200: gameRecallAnswer,
          400: errorBody,
          401: errorBody,
          404: errorBody,
        },
      },
    },
    async (request) =>
      history.recall(
        request.claims.id,
        request.params.id,
        request.query.page,
        request.query.pageSize,
      ),
  );

  app.get(
    '/player/slot-sessions/open',
    {
      onRequest,
      schema: { response: { 200: openSlotSessionsAnswer, 401: errorBody } },
    },
    async (request) => history.open(request.claims.id),
  );
};
