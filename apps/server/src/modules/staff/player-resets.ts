// POST /staff/players/:id/reset-password and /reset-pin (supervisor and up), with a reason. A new
// password is generated and answered once (the server keeps its hash, the audit log only that it
// was reset) and signs the player out everywhere; the PIN goes back to the default the lock's help
// text names.
import {
  playerParams,
  playerPasswordResetAnswer,
  playerPinResetAnswer,
  playerResetBody,
} from '@reelcast/protocol/console-players';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const playerResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { staffPlayers } = app;
  const password = consoleRoute('playerPasswordReset');
  app.post(
    password.path,
    {
      ...password.guard,
      schema: {
        params: playerParams,
        body: playerResetBody,
        response: staffResponses(playerPasswordResetAnswer),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      const { reason } = request.body;
      const newPassword = await staffPlayers.resetPassword(playerId, (tx, before, after) =>
        audited(
          app,
          request,
          {
            action: 'reset password',
            targetType: 'player',
            targetId: playerId,
            reason,
            before,
            after,
          },
          tx,
        ),
      );
      return { ...succeeded, playerId, password: newPassword };
    },
  );

  const pin = consoleRoute('playerPinReset');
  app.post(
    pin.path,
    {
      ...pin.guard,
      schema: {
        params: playerParams,
        body: playerResetBody,
        response: staffResponses(playerPinResetAnswer),
      },
    },
    async (request) => {
      const playerId = request.params.id;
      const { reason } = request.body;
      await staffPlayers.resetPin(playerId, (tx, before, after) =>
        audited(
          app,
          request,
          { action: 'reset PIN', targetType: 'player', targetId: playerId, reason, before, after },
          tx,
        ),
      );
      return { ...succeeded, playerId, pinIsDefault: true as const };
    },
  );
};
