// The server's way out: `app.drain()` (main.ts calls it on SIGTERM and SIGINT, tests without a
// signal) refuses new seats, lets the games in play end, writes the meters and closes the
// sockets with 18820; `app.close()` then stops the rest. See modules/lifecycle/drain.ts.
import fp from 'fastify-plugin';
import { Drain, type DrainReport } from '../../modules/lifecycle/drain';

declare module 'fastify' {
  interface FastifyInstance {
    /** whether the server is draining for a restart (joins, transfers and games refused) */
    lifecycle: Drain;
    /** drains the floor for a restart; once, however often it is called */
    drain(): Promise<DrainReport>;
  }
}

export default fp(
  async (app) => {
    const { config, floor, sessions, meters, io } = app;
    const lifecycle = new Drain({
      agents: () => floor.all(),
      queue: sessions.queue,
      clock: () => sessions.clock,
      meters,
      io,
      graceMs: config.SHUTDOWN_GRACE_MS,
    });
    app.decorate('lifecycle', lifecycle);
    app.decorate('drain', () => lifecycle.drain());
  },
  { name: 'lifecycle', dependencies: ['config', 'sockets', 'floor', 'seats'] },
);
