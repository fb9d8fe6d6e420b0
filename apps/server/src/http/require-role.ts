// Role check for routes of a §6 role group, after authenticate:
// `onRequest: [authenticate(app.tokens), requireRole(...roleGroups.staff)]`. The role in
// request.claims is the one verify read from the database with the token's state, not the one
// signed into the token, so a demoted staff member is refused at the next call.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../errors';
import { markAccess } from './access';

export function requireRole(...roles: readonly string[]) {
  const allowed = new Set(roles);
  return markAccess(
    async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      // Without authenticate before it there are no claims: refuse rather than let anyone in.
      if (!request.claims) throw unauthorized();
      if (!allowed.has(request.claims.role)) throw forbidden();
    },
    { roles },
  );
}
