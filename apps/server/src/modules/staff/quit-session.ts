// POST /staff/quit-session: staff remove a player from a machine (§3 Info action QUIT_REQUEST).
// The player's screen is told, the credits are cashed out to the wallet through the ledger and
// the slot session closes; a machine with nobody on it answers 40400.
import { quitSessionAnswer, quitSessionBody } from '@reelcast/protocol/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponsesWithConflict } from './answers';

export const quitSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { sessions } = app;
  app.post(
    '/staff/quit-session',
    {
      schema: {
        body: quitSessionBody,
        response: staffResponsesWithConflict(quitSessionAnswer),
      },
    },
    async (request) => sessions.quit(request.body.machineId),
  );
};
