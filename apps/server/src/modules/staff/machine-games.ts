// GET /staff/machines/:id/games (every staff role): the games played on a machine, newest first,
// each with its session and player and what redraws it (game recall).
import { ErrorCode } from '@reelcast/protocol/codes';
import {
  machineGamesAnswer,
  machineGamesQuery,
  machineParams,
} from '@reelcast/protocol/console-floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { lobbyRepository } from '../lobby/repository';
import { machineGamesRepository } from '../staff-floor/games-repository';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const machineGamesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { path, guard } = consoleRoute('machineGames');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: machineParams,
        querystring: machineGamesQuery,
        response: staffResponses(machineGamesAnswer),
      },
    },
    async (request) => {
      const machineId = request.params.id;
      if (!(await lobbyRepository.machine(db, machineId))) {
        throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      }
      const { page, pageSize } = request.query;
      const { items, total } = await machineGamesRepository.page(
        db,
        machineId,
        pageSize,
        (page - 1) * pageSize,
      );
      return { items, total, page, pageSize };
    },
  );
};
