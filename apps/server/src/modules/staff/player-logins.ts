// GET /staff/players/:id/logins (every staff role): a player's login log (§8 log types), newest
// first.
import { logsAnswer, logsQuery } from '@reelcast/protocol/account';
import { playerParams } from '@reelcast/protocol/console-players';
import type { LogType } from '@reelcast/protocol/log-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginLog } from '../auth/login-log';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const playerLoginsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('playerLogins');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: playerParams,
        querystring: logsQuery,
        response: staffResponses(logsAnswer),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      await app.staffPlayers.requirePlayer(playerId);
      const { page, pageSize } = request.query;
      const { items, total } = await loginLog.page(
        app.database.db,
        playerId,
        pageSize,
        (page - 1) * pageSize,
      );
      return {
        items: items.map((e) => ({
          id: e.id,
          type: e.type as LogType,
          ip: e.ip,
          createdAt: e.createdAt.toISOString(),
          detail: e.detail,
        })),
        total,
        page,
        pageSize,
      };
    },
  );
};
