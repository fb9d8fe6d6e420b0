// The server's figures for Prometheus (modules/metrics, served at GET /metrics behind
// METRICS_TOKEN): registered after the services, whose events it counts, and before the routes,
// whose answers its hook times. The error handler counts refusals through the decorator.
import { MACHINE_NAMESPACE, machineClientEvents } from '@reelcast/protocol/machine-socket';
import { NOTICE_NAMESPACE, noticeClientEvents } from '@reelcast/protocol/notice';
import fp from 'fastify-plugin';
import { addFloorGauges } from '../../modules/metrics/floor-gauges';
import { Metrics } from '../../modules/metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    /** the app's metrics registry (GET /metrics) */
    metrics: Metrics;
  }
}

/** Each namespace's own event names; anything else a client sends is counted as `other`. */
const protocolEvents: Record<string, ReadonlySet<string>> = {
  [MACHINE_NAMESPACE]: new Set(Object.keys(machineClientEvents)),
  [NOTICE_NAMESPACE]: new Set(Object.keys(noticeClientEvents)),
};

export default fp(
  async (app) => {
    const metrics = new Metrics({ process: app.config.METRICS_TOKEN !== undefined });
    app.decorate('metrics', metrics);
    addFloorGauges(metrics, app);

    app.addHook('onResponse', async (request, reply) => {
      // The pattern the router matched; a path no route has is one label, not one per URL.
      const route = request.routeOptions.url ?? 'unmatched';
      metrics.httpAnswered(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });

    for (const [namespace, events] of Object.entries(protocolEvents)) {
      app.io.of(namespace).on('connection', (socket) => {
        metrics.socketConnected(namespace);
        socket.onAny((event: string) =>
          metrics.socketEvent(namespace, events.has(event) ? event : 'other'),
        );
      });
    }
    // Open sockets are read when scraped: no count to keep in step with every way one ends.
    metrics.openSockets(() =>
      Object.keys(protocolEvents).map((namespace) => ({
        namespace,
        open: app.io.of(namespace).sockets.size,
      })),
    );

    app.ledger.on('posted', (type, seconds) => metrics.posted(type, seconds));
    app.wallet.on('claim-paid', (kind, amount) => metrics.claimPaid(kind, amount));
    app.auth.on('login-failed', (reason) => metrics.loginFailed(reason));
    app.auth.on('locked', () => metrics.locked());
  },
  {
    name: 'metrics',
    dependencies: ['config', 'sockets', 'wallet', 'accounts', 'floor', 'seats'],
  },
);
