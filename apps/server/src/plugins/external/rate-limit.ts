// Per-route rate limits only (`config.rateLimit` on /login, password, PIN, claims): nothing global.
// With several instances (CLUSTER) they count in PostgreSQL, shared by all and kept over a
// restart; one instance counts in memory, with no database round trip per login.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';
import { sharedRateLimits } from '../../modules/cluster/rate-limit-store';

export default fp(
  async (app) => {
    if (!app.config.CLUSTER) {
      await app.register(rateLimit, { global: false });
      return;
    }
    const shared = sharedRateLimits(app.database.db, app.log);
    app.addHook('onClose', () => shared.stop());
    // Fail open: a hit the database did not count lets the request through (the store logs a
    // warning) rather than answering the player 500. The limited routes read the database
    // themselves, so while it is down they fail on their own, and guessing passwords is still
    // bounded by the lockout per account (when on).
    await app.register(rateLimit, { global: false, store: shared.Store, skipOnError: true });
  },
  // The database is registered before it in app.ts; it is needed only with CLUSTER.
  { name: 'rate-limit', dependencies: ['config', 'database'] },
);
