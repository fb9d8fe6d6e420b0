// POST /staff/machine-fault (supervisor and up): staff open or close a machine's door, tilt it or
// clear the tilt, take it off line or back. A faulted machine shows as not available; its session
// and credits stay.
import { machineFaultAnswer, machineFaultBody } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { machineInBody } from '../cluster/forward';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const machineFaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { floor, sessions } = app;
  const { path, guard } = consoleRoute('machineFault');
  const statusOf = (machineId: number) => floor.agent(machineId)?.state().status ?? 'offline';
  app.post(
    path,
    {
      ...guard,
      config: { machineOf: machineInBody },
      schema: {
        body: machineFaultBody,
        response: staffResponses(machineFaultAnswer),
      },
    },
    async (request) => {
      const { machineId, fault, active } = request.body;
      const before = statusOf(machineId);
      sessions.setFault(machineId, fault, active, request.claims.username);
      const machineStatus = statusOf(machineId);
      await audited(app, request, {
        action: active ? `fault ${fault}` : `clear ${fault}`,
        targetType: 'machine',
        targetId: machineId,
        before: { machineStatus: before },
        after: { machineStatus },
      });
      request.log.info(
        { operator: request.claims.username, machineId, fault, active },
        'machine fault',
      );
      return { ...succeeded, machineId, machineStatus };
    },
  );
};
