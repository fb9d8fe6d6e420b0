// GET /staff/players (every staff role): players found by part of their username, e-mail or name,
// or by id; optionally only the banned or the not banned. Staff accounts are not players.
import { playerSearchAnswer, playerSearchQuery } from '@reelcast/protocol/console-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const playerSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('players');
  app.get(
    path,
    {
      ...guard,
      schema: { querystring: playerSearchQuery, response: staffResponses(playerSearchAnswer) },
    },
    async (request) => app.staffPlayers.search(request.query),
  );
};
