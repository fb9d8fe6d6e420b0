// The app's routes, registered after its services: each feature's HTTP routes (beside the
// feature's service, in modules/<feature>/routes.ts), the socket namespaces, and /healthz.
// Each takes what it needs from the app's decorators.
import { healthAnswer, healthStarting } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachAgentGateway } from './modules/agents/gateway';
import { RemoteCabinet } from './modules/agents/remote-cabinet';
import { authRoutes } from './modules/auth/routes';
import { agentLeases } from './modules/cluster/agent-leases';
import { docsRoutes } from './modules/docs/routes';
import { peerConnectionCount } from './modules/gateway/machine-connection';
import { attachMachineGateway } from './modules/gateway/machine-gateway';
import { geoRoutes } from './modules/geo/routes';
import { readinessRoutes } from './modules/health/routes';
import { infoRoutes } from './modules/info/routes';
import { lobbyRoutes } from './modules/lobby/routes';
import { metricsRoutes } from './modules/metrics/routes';
import { attachNoticeGateway } from './modules/notice/gateway';
import { playerRoutes } from './modules/player/routes';
import { protectionRoutes } from './modules/protection/routes';
import { sessionRoutes } from './modules/sessions/routes';
import { settingsRoutes } from './modules/settings/routes';
import { staffRoutes } from './modules/staff/routes';
import { waitListRoutes } from './modules/wait-list/routes';
import { walletRoutes } from './modules/wallet/routes';

const healthRoute: FastifyPluginAsyncZod = async (app) => {
  const { floor, agents } = app;
  app.get(
    '/healthz',
    // Asked every few seconds by every load balancer: not a line in the log each time.
    { logLevel: 'warn', schema: { response: { 200: healthAnswer, 503: healthStarting } } },
    async (_request, reply) => {
      if (floor.size === 0) return reply.status(503).send({ status: 'starting' });
      // peers: machine video peer connections open now (a player who left must leave none).
      // agents: machine agents connected on /agent, with their cabinets.
      return {
        status: 'ok' as const,
        machines: floor.size,
        peers: peerConnectionCount(),
        agents: agents.list(),
        media: app.media ? { publishers: app.media.publishers } : null,
      };
    },
  );
};

const socketNamespaces: FastifyPluginAsyncZod = async (app) => {
  attachMachineGateway(app.io, app, app.log);
  attachNoticeGateway(app.io, app, app.log);
  attachAgentGateway(
    app.io,
    {
      db: app.database.db,
      agents: app.agents,
      cabinet: (machineId) => {
        const cabinet = app.floor.agent(machineId);
        return cabinet instanceof RemoteCabinet ? cabinet : undefined;
      },
      ...(app.ownership ? { leases: agentLeases(app, app.ownership) } : {}),
      video: () => ({
        iceServers: app.config.ICE_SERVERS,
        allowedAddresses: app.config.ICE_ALLOWED_ADDRESSES,
        // §9 FPS of the settings in force at the agent's hello, within this floor's budget.
        fps: Math.min(app.settings.current().FPS, app.config.FLOOR_FPS),
        stamp: app.config.VIDEO_FRAME_STAMP,
      }),
    },
    app.log,
  );
};

export const routes: FastifyPluginAsyncZod = async (app) => {
  for (const plugin of [
    authRoutes,
    playerRoutes,
    lobbyRoutes,
    waitListRoutes,
    walletRoutes,
    sessionRoutes,
    protectionRoutes,
    staffRoutes,
    settingsRoutes,
    geoRoutes,
    infoRoutes,
    docsRoutes,
    healthRoute,
    readinessRoutes,
    metricsRoutes,
    socketNamespaces,
  ]) {
    await app.register(plugin);
  }
};
