// POST /staff/players/:id/ban (supervisor and up): ban or lift a ban, with a reason. A ban ends
// every sign-in of the player and closes their sockets now; a sign-in then answers 10704. A slot
// session left open is held for its grace period and cashed out as after any lost connection.
import { playerBanAnswer, playerBanBody, playerParams } from '@reelcast/protocol/console-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const playerBanRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('playerBan');
  app.post(
    path,
    {
      ...guard,
      schema: {
        params: playerParams,
        body: playerBanBody,
        response: staffResponses(playerBanAnswer),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      const { banned, reason } = request.body;
      await app.staffPlayers.setBanned(playerId, banned, (tx, before, after) =>
        audited(
          app,
          request,
          {
            action: banned ? 'ban' : 'unban',
            targetType: 'player',
            targetId: playerId,
            reason,
            before,
            after,
          },
          tx,
        ),
      );
      return { ...succeeded, playerId, banned };
    },
  );
};
