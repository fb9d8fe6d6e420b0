// POST /staff/machines/:id/enabled (supervisor and up): take a machine out of service or put it
// back, with a reason. Out of service, the lobby shows it not available and nobody new sits down;
// a player already on it plays on until they leave (end their session to clear it now).
import { ErrorCode } from '@reelcast/protocol/codes';
import {
  machineEnabledAnswer,
  machineEnabledBody,
  machineParams,
} from '@reelcast/protocol/console-floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { machineServiceRepository } from '../staff-floor/machine-repository';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const machineEnabledRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { path, guard } = consoleRoute('machineEnabled');
  app.post(
    path,
    {
      ...guard,
      schema: {
        params: machineParams,
        body: machineEnabledBody,
        response: staffResponses(machineEnabledAnswer),
      },
    },
    async (request) => {
      const machineId = request.params.id;
      const { enabled, reason } = request.body;
      await db.transaction(async (tx) => {
        const before = await machineServiceRepository.setEnabled(tx, machineId, enabled);
        if (before === null) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
        const action = enabled ? 'enable machine' : 'disable machine';
        const change = { before: { enabled: before }, after: { enabled } };
        await audited(
          app,
          request,
          { action, targetType: 'machine', targetId: machineId, reason, ...change },
          tx,
        );
      });
      app.lobby.machineChanged(machineId);
      return { ...succeeded, machineId, enabled };
    },
  );
};
