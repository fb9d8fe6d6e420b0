// socket.io on the app's HTTP server. Created before the app's services so that those which
// push to sockets (the /notice hub, the lobby's kick) get their namespace when they are built.
import fp from 'fastify-plugin';
import { Server } from 'socket.io';

declare module 'fastify' {
  interface FastifyInstance {
    io: Server;
  }
}

export default fp(
  async (app) => {
    const io = new Server(app.server, {
      serveClient: false,
      cors: { origin: false },
      maxHttpBufferSize: 256 * 1024,
    });
    app.decorate('io', io);
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
