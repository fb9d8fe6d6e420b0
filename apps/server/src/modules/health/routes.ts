// GET /readyz: ready to take players (readiness.ts), for load balancers and orchestrators. Public
// like /healthz: it names checks, never data. /healthz itself stays in routes.ts as it was.
import { readyAnswer } from '@reelcast/protocol/probes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { migrationsFolder } from '../../paths';
import { bundledMigrations, Readiness } from './readiness';

export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const readiness = new Readiness(
    app.database.db,
    app.floor,
    bundledMigrations(migrationsFolder),
    () => app.lifecycle.draining,
    app.ownership ? async () => (await app.ownership!.statuses()).size : null,
  );
  app.get(
    '/readyz',
    {
      schema: {
        description: '200 when ready to take players; 503 naming each check that failed.',
        response: { 200: readyAnswer, 503: readyAnswer },
      },
    },
    async (_request, reply) => {
      const answer = await readiness.check();
      reply.header('cache-control', 'no-store');
      return reply.status(answer.status === 'ready' ? 200 : 503).send(answer);
    },
  );
};
