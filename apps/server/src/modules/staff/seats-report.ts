// GET /staff/reports/seats?date=YYYY-MM-DD (every staff role): the seats in use in each hour of a
// UTC day and the day's peak, for the console's chart.
import { seatsReportAnswer, seatsReportQuery } from '@reelcast/protocol/console-reports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const seatsReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { path, guard } = consoleRoute('seatsReport');
  app.get(
    path,
    {
      ...guard,
      schema: { querystring: seatsReportQuery, response: staffResponses(seatsReportAnswer) },
    },
    async (request) => ({ ...succeeded, ...(await app.seatsReport.answer(request.query)) }),
  );
};
