// GET /staff/players/:id (every staff role): a player's account as staff see it: profile,
// balance, §6 permissions, group and type, ban, and the machines they sit at now.
import { playerParams, playerProfileAnswer } from '@reelcast/protocol/console-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const playerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('player');
  app.get(
    path,
    {
      ...guard,
      schema: { params: playerParams, response: staffResponses(playerProfileAnswer) },
    },
    async (request) => ({ ...succeeded, ...(await app.staffPlayers.profile(request.params.id)) }),
  );
};
