// What each staff route file takes from the back office's table (protocol console.ts): its path
// and the guard letting in only its roles, read from the database with the token (require-role.ts);
// and the audit entry of what it did, marked on the request so the scope's safety net
// (routes.ts) does not record it twice.
import { type ConsoleRouteName, consoleRoutes } from '@reelcast/protocol/console';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Runner } from '../../db/client';
import { requireRole } from '../../http/require-role';
import { type AuditAction, actorOf } from '../audit/audit-log';

declare module 'fastify' {
  interface FastifyRequest {
    /** the route recorded its own audit entry */
    audited: boolean;
  }
}

/** The route's path and its role guard, from the table. */
export function consoleRoute(name: ConsoleRouteName) {
  const { path, roles } = consoleRoutes[name];
  return { path, guard: { onRequest: requireRole(...roles) } };
}

/** Records the request's action in the audit log; in `tx` when it changes the database. */
export async function audited(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AuditAction,
  tx?: Runner,
): Promise<void> {
  await app.audit.record(actorOf(request), action, tx);
  request.audited = true;
}
