// A listening test server and the /machine sockets a describe block opens on it: started before
// its tests; every socket closed and the server stopped after them.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll } from 'vitest';
import { type DbKind, startListeningServer, type TestServer } from './support';

// biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
export type AnyAck = any;

export interface MachineClients {
  readonly server: TestServer;
  readonly url: string;
  /** A fresh socket to the /machine namespace, closed after the block. */
  connect(): Socket;
  /** Sends an event and answers its acknowledgement (5 s at most). */
  request(s: Socket, event: string, payload?: unknown): Promise<AnyAck>;
}

export function machineClients(
  kind: DbKind = 'pglite',
  env: Record<string, string> = {},
): MachineClients {
  const sockets: Socket[] = [];
  const at = {} as { server: TestServer; url: string };
  beforeAll(async () => {
    Object.assign(at, await startListeningServer(kind, env));
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await at.server.close();
  });
  return {
    get server() {
      return at.server;
    },
    get url() {
      return at.url;
    },
    connect() {
      const s = io(at.url, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      return s;
    },
    request: (s, event, payload = {}) => s.timeout(5000).emitWithAck(event, payload),
  };
}
