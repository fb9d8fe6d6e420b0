// socket.io on the app's HTTP server. Created before the app's services so that those which
// push to sockets (the /notice hub, the lobby's kick) get their namespace when they are built.
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Server } from 'socket.io';
import { originPolicy } from '../../http/origins';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export default fp(
  async (app) => {
    const allowed = app.config.ALLOWED_ORIGINS;
    const judge = originPolicy(allowed);
    const io = new Server(app.server, {
      serveClient: false,
      // Long-polling's CORS answers exactly the listed origins; the same origin needs none.
      cors: { origin: allowed.length > 0 ? [...allowed] : false },
      // A WebSocket has no CORS: the handshake's Origin is checked here, for every transport, by
      // the rule the HTTP API follows (plugins/external/cross-origin.ts).
      allowRequest: (req, callback) => {
        const allowedHere = judge(req.headers.origin, req.headers.host) !== 'refused';
        callback(allowedHere ? null : 'origin not allowed', allowedHere);
      },
      maxHttpBufferSize: 256 * 1024,
    });
    app.decorate('io', io);
    if (app.config.CLUSTER) await crossInstances(app, io);
    // Sockets end as the close begins: no input reaches a machine while the services below
    // stop and the meters are written (their onClose hooks run before this plugin's).
    app.addHook('preClose', async () => {
      for (const nsp of io._nsps.values()) nsp.disconnectSockets(true);
    });
    app.addHook('onClose', async () => {
      await io.close();
    });
  },
  { name: 'sockets' },
);

/**
 * CLUSTER: every broadcast to a room also reaches the sockets of that room on the other
 * instances, through PostgreSQL's LISTEN/NOTIFY (payloads too large for a NOTIFY go through the
 * adapter's attachments table). A player's /notice tab may be on any instance.
 */
async function crossInstances(app: FastifyInstance, io: Server) {
  const url = app.config.DATABASE_URL;
  if (!url) throw new Error('CLUSTER needs DATABASE_URL (PostgreSQL)');
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  await pool.query(`create table if not exists socket_io_attachments (
    id bigserial unique,
    created_at timestamptz default now(),
    payload bytea
  )`);
  io.adapter(createAdapter(pool, { errorHandler: (err) => app.log.error({ err }, 'fan-out') }));
  app.addHook('onClose', async () => {
    await pool.end();
  });
}
