// GET /staff/floor (every staff role): every machine live (status, seated player, credits, fault,
// hand pay pending, agent connected, video up), filtered by brand and status.
import { floorAnswer, floorQuery } from '@reelcast/protocol/console-floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { floorOverview } from '../staff-floor/overview';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const floorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('floor');
  app.get(
    path,
    { ...guard, schema: { querystring: floorQuery, response: staffResponses(floorAnswer) } },
    async (request) => ({
      ...succeeded,
      machines: await floorOverview(app, request.query),
      handPayApprovalAbove: app.config.HAND_PAY_APPROVAL_ABOVE,
    }),
  );
};
