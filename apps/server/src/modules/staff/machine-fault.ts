// POST /staff/machine-fault: staff open or close a machine's door, tilt it or clear the tilt, take
// it off line or back. A faulted machine shows as not available; its session and credits stay.
import { machineFaultAnswer, machineFaultBody } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { staffResponses, succeeded } from './answers';

export const machineFaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { floor, sessions } = app;
  app.post(
    '/staff/machine-fault',
    {
      schema: {
        body: machineFaultBody,
        response: staffResponses(machineFaultAnswer),
      },
    },
    async (request) => {
      const { machineId, fault, active } = request.body;
      sessions.setFault(machineId, fault, active, request.claims.username);
      request.log.info(
        { operator: request.claims.username, machineId, fault, active },
        'machine fault',
      );
      return {
        ...succeeded,
        machineId,
        machineStatus: floor.agent(machineId)?.state().status ?? 'offline',
      };
    },
  );
};
