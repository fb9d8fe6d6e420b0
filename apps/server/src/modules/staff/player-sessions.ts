// GET /staff/players/:id/sessions (every staff role): a player's slot sessions, newest first, with
// their cash in and out from the ledger, as the player's own history shows them.
import { playerParams } from '@reelcast/protocol/console-players';
import { slotSessionsAnswer, slotSessionsQuery } from '@reelcast/protocol/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SlotSessionHistory } from '../sessions/history';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const playerSessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const history = new SlotSessionHistory(app.database.db, app.sessions);
  const { path, guard } = consoleRoute('playerSessions');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: playerParams,
        querystring: slotSessionsQuery,
        response: staffResponses(slotSessionsAnswer),
      },
    },
    async (request) => {
      await app.staffPlayers.requirePlayer(request.params.id);
      const { page, pageSize } = request.query;
      return history.list(request.params.id, page, pageSize);
    },
  );
};
