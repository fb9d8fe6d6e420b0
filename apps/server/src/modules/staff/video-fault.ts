// POST /staff/video-fault (supervisor and up): staff mark a machine's video broken (renderer or
// encoder down) or mended. While broken, a player joining it is told 70000 and sent back to the
// lobby; the slot session and its credits stay as they are.
import { ErrorCode } from '@reelcast/protocol/codes';
import { videoFaultAnswer, videoFaultBody } from '@reelcast/protocol/floor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { staffResponses, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const videoFaultRoutes: FastifyPluginAsyncZod = async (app) => {
  const { floor, videoFaults } = app;
  const { path, guard } = consoleRoute('videoFault');
  app.post(
    path,
    {
      ...guard,
      schema: {
        body: videoFaultBody,
        response: staffResponses(videoFaultAnswer),
      },
    },
    async (request) => {
      const { machineId, active } = request.body;
      if (!floor.agent(machineId)) {
        throw new AppError(ErrorCode.notFound, 404, { what: 'machine' });
      }
      const before = videoFaults.has(machineId);
      videoFaults.set(machineId, active);
      await audited(app, request, {
        action: active ? 'video fault' : 'clear video fault',
        targetType: 'machine',
        targetId: machineId,
        before: { videoFault: before },
        after: { videoFault: active },
      });
      request.log.info(
        { operator: request.claims.username, machineId, active },
        'machine video fault',
      );
      return { ...succeeded, machineId, active };
    },
  );
};
