// GET /staff/reports/daily.csv (every staff role): the daily reconciliation as CSV, one line per
// machine and day, money in currency units, discrepancies marked 'yes'.
import { csvText } from '@reelcast/protocol/console-audit';
import { dailyReportQuery } from '@reelcast/protocol/console-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses } from './answers';
import { consoleRoute } from './console-route';

export const dailyReportCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('dailyReportCsv');
  app.get(
    path,
    { ...guard, schema: { querystring: dailyReportQuery, response: staffResponses(csvText) } },
    async (request, reply) => {
      const { from, to } = request.query;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="reconciliation-${from}-${to}.csv"`)
        .send(await app.dailyReport.csv(request.query));
    },
  );
};
