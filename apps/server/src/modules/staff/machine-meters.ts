// GET /staff/machines/:id/meters: a machine's SAS meters as the cabinet reports them now, beside
// what the ledger recorded for it, so an operator can reconcile the two:
// cashIn − (cashOut + handPay) = coinIn − coinOut − handPaid + currentCredits.
import { ErrorCode } from '@reelcast/protocol/codes';
import { machineMetersAnswer, machineMetersParams } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { meterRepository } from '../floor/meter-store';
import { staffResponses, succeeded } from './answers';
import { consoleRoute } from './console-route';

export const machineMetersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { floor } = app;
  const { db } = app.database;
  const { path, guard } = consoleRoute('machineMeters');
  app.get(
    path,
    {
      ...guard,
      schema: {
        params: machineMetersParams,
        response: staffResponses(machineMetersAnswer),
      },
    },
    async (request) => {
      const machineId = request.params.id;
      const agent = floor.agent(machineId);
      if (!agent) throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      // Read first, then the ledger: money moving in between shows as a difference to re-check.
      const meters = agent.meters();
      const ledger = await meterRepository.ledgerTotals(db, machineId);
      return {
        ...succeeded,
        machineId,
        meters,
        ledger,
      };
    },
  );
};
