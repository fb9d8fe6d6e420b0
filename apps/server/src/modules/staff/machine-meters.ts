// GET /staff/machines/:id/meters: a machine's SAS meters as the cabinet reports them now, beside
// what the ledger recorded for it, so an operator can reconcile the two:
// cashIn − (cashOut + handPay) = coinIn − coinOut − handPaid + currentCredits.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import { machineMetersAnswer, machineMetersParams } from '@reelcast/protocol/floor';
import { errorBody } from '@reelcast/protocol/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { meterRepository } from '../floor/meter-store';

export const machineMetersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { floor } = app;
  const { db } = app.database;
  app.get(
    '/staff/machines/:id/meters',
    {
      schema: {
        params: machineMetersParams,
        response: {
          200: machineMetersAnswer,
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
        },
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
        code: ErrorCode.success,
        ErrorMessage: errorMessages[ErrorCode.success]!,
        machineId,
        meters,
        ledger,
      };
    },
  );
};
