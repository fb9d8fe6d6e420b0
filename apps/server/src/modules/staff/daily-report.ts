// GET /staff/reports/daily (every staff role): the daily reconciliation per machine and per day,
// from and to inclusive (UTC days), with totals and the discrepancies marked.
import { dailyReportAnswer, dailyReportQuery } from '@reelcast/protocol/console-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const dailyReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('dailyReport');
  app.get(
    path,
    {
      ...guard,
      schema: { querystring: dailyReportQuery, response: staffResponses(dailyReportAnswer) },
    },
    async (request) => ({ ...succeeded, ...(await app.dailyReport.answer(request.query)) }),
  );
};
