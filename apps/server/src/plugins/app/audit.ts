// The audit log of staff actions and failed staff sign-ins (modules/audit), before the services
// that record into it (the sign-in among them).
import fp from 'fastify-plugin';
import { AuditLog } from '../../modules/audit/audit-log';

declare module 'fastify' {
  interface FastifyInstance {
    /** the append-only audit log (issue #21) */
    audit: AuditLog;
  }
}

export default fp(
  async (app) => {
    app.decorate('audit', new AuditLog(app.database.db));
  },
  { name: 'audit', dependencies: ['database'] },
);
