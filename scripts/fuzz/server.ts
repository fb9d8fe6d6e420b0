// The server under fuzz: built as main.ts builds it (createApp), in this process, on a throwaway
// PostgreSQL database with the demo accounts, listening on loopback only. It lists its routes as they are
// added (with their schemas) and hands every log line at error level or above, and every
// unhandled rejection or uncaught exception of the process, to `onCrash`.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Server } from 'socket.io';
import type { Services } from '../../apps/server/src/services';
import { startTestServer } from '../../apps/server/test/support';

export interface RouteInfo {
  method: string;
  url: string;
  schema: RouteOptions['schema'];
}

export interface FuzzServer {
  app: FastifyInstance;
  io: Server;
  services: Services;
  routes: RouteInfo[];
  /** http://127.0.0.1:port */
  origin: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/** Log lines at error (50) or fatal (60): a handler failed in a way nobody planned for. */
function errorLogSink(onCrash: (what: string) => void): Writable {
  return new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) {
        if (!line) continue;
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: unknown };
          if ((entry.level ?? 0) >= 50) onCrash(`error log: ${line.slice(0, 600)}`);
        } catch {
          onCrash(`unparsable log line: ${line.slice(0, 200)}`);
        }
      }
      done();
    },
  });
}

export async function startFuzzServer(onCrash: (what: string) => void): Promise<FuzzServer> {
  const routes: RouteInfo[] = [];
  // A fresh PostgreSQL database with the demo accounts, as the integration tests build it.
  const server = await startTestServer(
    'postgres',
    {
      LOG_LEVEL: 'warn',
      // Video is not what is fuzzed here: a slow start fails soon instead of holding peers open.
      VIDEO_START_TIMEOUT_MS: '2000',
      FLOOR_FPS: '5',
    },
    errorLogSink(onCrash),
    undefined,
    {
      onRoute: (r) => {
        for (const method of [r.method].flat())
          routes.push({ method, url: r.url, schema: r.schema });
      },
    },
  );
  const { app } = server;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return {
    app,
    io: server.services.io,
    services: server.services,
    routes,
    origin: `http://127.0.0.1:${port}`,
    databaseUrl: server.services.config.DATABASE_URL!,
    close: () => server.close(),
  };
}
