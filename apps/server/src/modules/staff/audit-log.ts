// GET /staff/audit (admin, supervisor, auditor): the audit log, newest first, a page at a time,
// filtered by actor, action, target, outcome and time.
import { auditAnswer, auditQuery } from '@reelcast/protocol/console-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const auditLogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('audit');
  app.get(
    path,
    { ...guard, schema: { querystring: auditQuery, response: staffResponses(auditAnswer) } },
    async (request) => {
      const q = request.query;
      const { items, total } = await app.audit.page(q);
      return { ...succeeded, items, total, page: q.page, pageSize: q.pageSize };
    },
  );
};
