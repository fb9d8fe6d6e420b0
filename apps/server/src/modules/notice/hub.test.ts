// The lobby's fan-out on a real socket.io server and real clients over loopback: watchers are
// spread over the lobby rooms, every watcher gets every push in the order made, one that stops
// watching gets none, and the event loop turns while a push goes out (requests are served
// between its slices instead of waiting for all of it).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Server } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOBBY_SHARDS, lobbyShard, NoticeHub, type NoticeNamespace } from './hub';

const WATCHERS = 100;
let server: Server;
let nsp: NoticeNamespace;
let hub: NoticeHub;
let clients: ClientSocket[] = [];
const received = new Map<ClientSocket, number[]>();

beforeAll(async () => {
  const http = createServer();
  server = new Server(http);
  nsp = server.of('/notice') as unknown as NoticeNamespace;
  hub = new NoticeHub(nsp);
  nsp.on('connection', (socket) => {
    socket.on('lobby', async ({ watch }, ack) => {
      await hub.watchLobby(socket, watch);
      ack({ code: 20000, watch });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  clients = await Promise.all(
    Array.from({ length: WATCHERS }, async () => {
      const client = connect(`http://127.0.0.1:${port}/notice`, {
        transports: ['websocket'],
        forceNew: true,
      });
      received.set(client, []);
      client.on('lobby-update', (p: { jackpots: Array<{ brandId: number }> }) =>
        received.get(client)!.push(p.jackpots[0]!.brandId),
      );
      await client.timeout(5000).emitWithAck('lobby', { watch: true });
      return client;
    }),
  );
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server.close();
});

const push = (n: number) =>
  hub.toLobby('lobby-update', { machines: [], jackpots: [{ brandId: n, jackpot: '1' }] });

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
}

describe('the lobby fan-out', () => {
  it('spreads the watchers evenly over the lobby rooms', () => {
    const sizes = Array.from({ length: LOBBY_SHARDS }, (_, k) => {
      return nsp.adapter.rooms.get(lobbyShard(k))?.size ?? 0;
    });
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(WATCHERS);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });

  it('brings every watcher every push, in the order they were made', async () => {
    for (const list of received.values()) list.length = 0;
    push(1);
    push(2);
    push(3);
    await until(() => [...received.values()].every((list) => list.length === 3));
    for (const list of received.values()) expect(list).toEqual([1, 2, 3]);
  });

  it('lets the event loop turn while a push goes out', async () => {
    // Each room's emit is one broadcast of the adapter's: counted as they happen.
    const adapter = nsp.adapter;
    const broadcast = adapter.broadcast.bind(adapter);
    let roomsSent = 0;
    adapter.broadcast = (packet, opts) => {
      roomsSent++;
      broadcast(packet, opts);
    };
    const inUse = Array.from({ length: LOBBY_SHARDS }, (_, k) => lobbyShard(k)).filter((room) =>
      adapter.rooms.has(room),
    ).length;
    expect(inUse).toBeGreaterThan(1);
    try {
      push(4);
      // Something else the loop had to do (a request's callback) once the push began.
      await nextTurn();
      expect(roomsSent).toBeGreaterThan(0);
      expect(roomsSent).toBeLessThan(inUse);
      await until(() => roomsSent === inUse);
      expect(roomsSent).toBe(inUse);
    } finally {
      adapter.broadcast = broadcast;
    }
  });

  it('sends nothing more to a tab that stopped watching', async () => {
    const [leaver, stayer] = clients as [ClientSocket, ClientSocket];
    await leaver.timeout(5000).emitWithAck('lobby', { watch: false });
    received.get(leaver)!.length = 0;
    received.get(stayer)!.length = 0;
    push(5);
    await until(() => received.get(stayer)!.length === 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(received.get(stayer)).toEqual([5]);
    expect(received.get(leaver)).toEqual([]);
  });
});
