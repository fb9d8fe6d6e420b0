// Per-route rate limits only (`config.rateLimit` on /login, the PIN and claims): nothing global.
import rateLimit from '@fastify/rate-limit';
import fp from 'fastify-plugin';

export default fp(
  async (app) => {
    await app.register(rateLimit, { global: false });
  },
  { name: 'rate-limit' },
);
