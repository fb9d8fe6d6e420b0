// POST /staff/agents and /staff/agents/revoke (admin only): machine agents' credentials. A new
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
import { roleGroups } from '@reelcast/protocol/log-types';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { requireRole } from '../../http/require-role';
import { hashAgentSecret, newAgentSecret } from '../agents/credentials';
import { agentRepository } from '../agents/repository';
import { staffResponsesWithConflict, succeeded } from './answers';

export const agentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const admin = { onRequest: requireRole(...roleGroups.admin) };
  app.post(
    '/staff/agents',
    {
      ...admin,
      schema: { body: agentAddBody, response: staffResponsesWithConflict(agentAddAnswer) },
    },
    async (request) => {
      const { id, machines } = request.body;
      const found = await agentRepository.existingMachines(db, machines);
      const missing = machines.filter((m) => !found.includes(m));
      if (missing.length > 0) throw new AppError(ErrorCode.notFound, 404, { machines: missing });
      const secret = newAgentSecret();
      const added = await db.transaction(async (tx) =>
        agentRepository.add(tx, id, await hashAgentSecret(secret), machines),
      );
      if (!added) throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'agent id taken' });
      request.log.info({ operator: request.claims.username, agentId: id, machines }, 'agent added');
      return { ...succeeded, id, secret, machines };
    },
  );
  app.post(
    '/staff/agents/revoke',
    {
      ...admin,
      schema: { body: agentRevokeBody, response: staffResponsesWithConflict(agentRevokeAnswer) },
    },
    async (request) => {
      const { id } = request.body;
      const revoked = await db.transaction((tx) => agentRepository.revoke(tx, id));
      if (!revoked) throw new AppError(ErrorCode.notFound, 404, { agent: id });
      app.agents.revoke(id);
      request.log.info({ operator: request.claims.username, agentId: id }, 'agent revoked');
      return { ...succeeded, id };
    },
  );
};
