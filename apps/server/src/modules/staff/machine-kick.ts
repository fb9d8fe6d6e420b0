// POST /staff/machines/:id/kick (supervisor and up): the seated player's screens on the machine
// are told (QUIT_REQUEST) and disconnected; the slot session and its credits stay, held for the
// grace period as after any lost connection. To cash out and close it, end the session
// (POST /staff/quit-session).
import { ErrorCode } from '@reelcast/protocol/codes';
import {
  machineKickAnswer,
  machineKickBody,
  machineParams,
} from '@reelcast/protocol/console-floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { machineKicker } from '../lobby/gateway';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const machineKickRoutes: FastifyPluginAsyncZod = async (app) => {
  const kick = machineKicker(app.io);
  const { path, guard } = consoleRoute('machineKick');
  app.post(
    path,
    {
      ...guard,
      schema: {
        params: machineParams,
        body: machineKickBody,
        response: staffResponses(machineKickAnswer),
      },
    },
    async (request) => {
      const machineId = request.params.id;
      const session = app.sessions.sessionOnMachine(machineId);
      if (!session) throw new AppError(ErrorCode.notFound, 404, { what: 'session' });
      const kicked = await kick(session.playerId, machineId);
      await audited(app, request, {
        action: 'kick player',
        targetType: 'machine',
        targetId: machineId,
        reason: request.body.reason,
        before: { sessionId: session.id, playerId: session.playerId },
        after: { kicked, session: 'open' },
      });
      return { ...succeeded, machineId, playerId: session.playerId, kicked };
    },
  );
};
