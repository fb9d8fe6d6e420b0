// POST /staff/players/:id/access (admin): a player's §6 permissions (145 opens the menu), group
// and type, each given one replaced, with a reason. The player's next sign-in or /validate carries
// them.
import {
  playerAccessAnswer,
  playerAccessBody,
  playerParams,
} from '@reelcast/protocol/console-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const playerAccessRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('playerAccess');
  app.post(
    path,
    {
      ...guard,
      schema: {
        params: playerParams,
        body: playerAccessBody,
        response: staffResponses(playerAccessAnswer),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      const { reason, ...change } = request.body;
      const access = await app.staffPlayers.setAccess(playerId, change, (tx, before, after) =>
        audited(
          app,
          request,
          { action: 'set access', targetType: 'player', targetId: playerId, reason, before, after },
          tx,
        ),
      );
      return { ...succeeded, playerId, ...access };
    },
  );
};
