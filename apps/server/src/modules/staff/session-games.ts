// GET /staff/sessions/:id/games (every staff role): game recall of any slot session (GLI-19
// §4.14.1): its summary and its games in the order played, each redrawable from its stops.
import { gameRecallAnswer, slotSessionParams, spinsQuery } from '@reelcast/protocol/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors';
import { SlotSessionHistory } from '../sessions/history';
import { sessionsRepository } from '../sessions/repository';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const sessionGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const history = new SlotSessionHistory(db, app.sessions);
  const { path, guard } = consoleRoute('sessionGames');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: slotSessionParams,
        querystring: spinsQuery,
        response: staffResponses(gameRecallAnswer),
      },
    },
    async (request) => {
      const session = await sessionsRepository.byId(db, request.params.id);
      if (!session) throw notFound('session');
      const { page, pageSize } = request.query;
      return history.recall(session.playerId, session.id, page, pageSize);
    },
  );
};
