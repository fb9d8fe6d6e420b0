// GET /staff/me (every staff role): the signed-in staff member as the console starts from: name,
// role (as the database has it now) and whether two-factor is on.
import { staffMeAnswer } from '@reelcast/protocol/console-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('me');
  app.get(
    path,
    { ...guard, schema: { response: staffResponses(staffMeAnswer) } },
    async (request) => {
      const me = await app.staffAccounts.get(request.claims.id);
      return {
        ...succeeded,
        id: me.id,
        username: me.username,
        name: me.name,
        lastname: me.lastname,
        role: me.role,
        twoFactor: me.twoFactor,
      };
    },
  );
};
