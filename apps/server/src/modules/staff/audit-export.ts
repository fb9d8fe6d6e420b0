// GET /staff/audit.csv (admin, supervisor, auditor): the audit log as CSV, oldest first, with the
// same filters as the page (at most CSV_MAX_ROWS rows). The export itself is recorded: who took
// the log out, and which part.
import { auditExportQuery, csvText } from '@reelcast/protocol/console-audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses } from './answers';
import { audited, consoleRoute } from './console-route';

export const auditExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('auditCsv');
  app.get(
    path,
    { ...guard, schema: { querystring: auditExportQuery, response: staffResponses(csvText) } },
    async (request, reply) => {
      const csv = await app.audit.csv(request.query);
      await audited(app, request, {
        action: 'export audit log',
        targetType: 'route',
        targetId: request.url,
        after: { bytes: Buffer.byteLength(csv) },
      });
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
};
