// POST /staff/agents and /staff/agents/revoke (admin only, audited): machine agents' credentials. A new
// agent's secret is answered once and kept only as a hash; the machines named become its own
// (an agent may speak only for these). Revoking refuses the agent from its next handshake and
// ends its connection now.
import {
  agentAddAnswer,
  agentAddBody,
  agentRevokeAnswer,
  agentRevokeBody,
} from '@reelcast/protocol/agent';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { hashAgentSecret, newAgentSecret } from '../agents/credentials';
import { agentRepository } from '../agents/repository';
import { staffResponsesWithConflict, succeeded } from './answers';
import { audited, consoleRoute } from './console-route';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const add = consoleRoute('agentAdd');
  const revoke = consoleRoute('agentRevoke');
  app.post(
    add.path,
    {
      ...add.guard,
      schema: { body: agentAddBody, response: staffResponsesWithConflict(agentAddAnswer) },
    },
    async (request) => {
      const { id, machines } = request.body;
      const found = await agentRepository.existingMachines(db, machines);
      const missing = machines.filter((m) => !found.includes(m));
      if (missing.length > 0) throw new AppError(ErrorCode.notFound, 404, { machines: missing });
      const secret = newAgentSecret();
      const hash = await hashAgentSecret(secret);
      await db.transaction(async (tx) => {
        if (!(await agentRepository.add(tx, id, hash, machines))) {
          throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'agent id taken' });
        }
        // The secret is in no entry: only that the agent now exists, for its machines.
        const after = { machines };
        await audited(
          app,
          request,
          { action: 'add agent', targetType: 'agent', targetId: id, after },
          tx,
        );
      });
      request.log.info({ operator: request.claims.username, agentId: id, machines }, 'agent added');
      return { ...succeeded, id, secret, machines };
    },
  );
  app.post(
    revoke.path,
    {
      ...revoke.guard,
      schema: { body: agentRevokeBody, response: staffResponsesWithConflict(agentRevokeAnswer) },
    },
    async (request) => {
      const { id } = request.body;
      await db.transaction(async (tx) => {
        if (!(await agentRepository.revoke(tx, id))) {
          throw new AppError(ErrorCode.notFound, 404, { agent: id });
        }
        const after = { revoked: true };
        await audited(
          app,
          request,
          { action: 'revoke agent', targetType: 'agent', targetId: id, after },
          tx,
        );
      });
      app.agents.revoke(id);
      request.log.info({ operator: request.claims.username, agentId: id }, 'agent revoked');
      return { ...succeeded, id };
    },
  );
};
