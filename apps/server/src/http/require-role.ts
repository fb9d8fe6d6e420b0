// Role check for routes of a §6 role group, after authenticate:
// `preHandler: [authenticate(services), requireRole(...roleGroups.staff)]`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';

export function requireRole(...roles: readonly string[]) {
  const allowed = new Set(roles);
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    // Without authenticate before it there are no claims: refuse rather than let anyone in.
    if (!request.claims) throw unauthorized();
    if (!allowed.has(request.claims.role)) throw forbidden();
  };
}
