// GET /metrics: the Prometheus exposition, for whoever holds METRICS_TOKEN. Without a configured
// token the route does not exist: the answer is the app's own 404, the same as for any path, so
// nothing tells a stranger there is something here.
import { createHash, timingSafeEqual } from 'node:crypto';
import { errorBody } from '@reelcast/protocol/http';
import { metricsHeaders, metricsText } from '@reelcast/protocol/probes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { unauthorized } from '../../errors';
import { bearer } from '../auth/tokens';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Whether the presented token is the configured one, in the same time whatever it is: both are
 * hashed first, so neither a matching prefix nor the length shows in the time taken.
 */
export function tokenMatches(presented: string | null, configured: string): boolean {
  return timingSafeEqual(digest(presented ?? ''), digest(configured)) && presented !== null;
}

export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, metrics } = app;
  const token = config.METRICS_TOKEN;
  if (!token) return;
  app.get(
    '/metrics',
    {
      schema: {
        description:
          'Prometheus metrics (docs/metrics.md). Authorization: Bearer METRICS_TOKEN, not a ' +
          'player token; while METRICS_TOKEN is unset there is no such route (404).',
        headers: metricsHeaders,
        response: { 200: metricsText, 401: errorBody },
      },
    },
    async (request, reply) => {
      if (!tokenMatches(bearer(request.headers.authorization), token)) throw unauthorized();
      const text = await metrics.text();
      return reply.type(metrics.contentType).header('cache-control', 'no-store').send(text);
    },
  );
};
