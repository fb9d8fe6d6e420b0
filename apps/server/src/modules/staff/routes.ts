// The staff/admin API. Each endpoint lives in its own file and is listed here: adding one is a
// one-line change. Every route in it requires a staff or admin token.
import { roleGroups } from '@reelcast/protocol/log-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardScope } from '../../http/access';
import { authenticate } from '../../http/authenticate';
import { requireRole } from '../../http/require-role';
import { agentRoutes } from './agents';
import { handPayResetRoutes } from './handpay-reset';
import { machineFaultRoutes } from './machine-fault';
import { machineMetersRoutes } from './machine-meters';
import { moneyRoutes } from './money';
import { quitSessionRoutes } from './quit-session';
import { videoFaultRoutes } from './video-fault';

const staffRouteFiles: FastifyPluginAsyncZod[] = [
  moneyRoutes,
  quitSessionRoutes,
  handPayResetRoutes,
  machineFaultRoutes,
  machineMetersRoutes,
  videoFaultRoutes,
  agentRoutes,
];

export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  // The guard covers only the routes registered inside this plugin; on the request, so a
  // stranger is refused before the body is even parsed.
  guardScope(app, authenticate(app.tokens), requireRole(...roleGroups.staff));
  for (const route of staffRouteFiles) await app.register(route);
};
