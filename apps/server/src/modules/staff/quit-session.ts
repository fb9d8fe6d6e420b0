// POST /staff/quit-session (supervisor and up): staff end a player's slot session on a machine
// (§3 Info action QUIT_REQUEST). The player's screen is told, the credits are cashed out to the
// wallet through the ledger and the slot session closes; a machine with nobody on it answers 40400.
import { quitSessionAnswer, quitSessionBody } from '@reelcast/protocol/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { machineInBody } from '../cluster/forward';
import { staffResponsesWithConflict } from './answers';
import { audited, consoleRoute } from './console-route';

export const quitSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app;
  const { path, guard } = consoleRoute('quitSession');
  app.post(
    path,
    {
      ...guard,
      config: { machineOf: machineInBody },
      schema: {
        body: quitSessionBody,
        response: staffResponsesWithConflict(quitSessionAnswer),
      },
    },
    async (request) => {
      const { machineId } = request.body;
      const session = sessions.sessionOnMachine(machineId);
      const ended = await sessions.quit(machineId);
      await audited(app, request, {
        action: 'end session',
        targetType: 'machine',
        targetId: machineId,
        before: session ? { sessionId: session.id, playerId: session.playerId } : null,
        after: { sessionId: ended.sessionId, cashedOut: ended.cashedOut, status: 'closed' },
      });
      return ended;
    },
  );
};
