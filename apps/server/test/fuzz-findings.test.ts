// What `npm run fuzz` found, each kept as a test of its own (named by the seed and case that
// found it): bad input answered as bad input, every event answered, nothing left to pile up.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import type { RouteOptions } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { startTestServer, type TestServer, tokenFor } from './support';

describe('fuzz findings', () => {
  let server: TestServer;
  let origin: string;
  const errorLines: string[] = [];
  const routes: RouteOptions[] = [];
  const sockets: Socket[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) {
          if (line && (JSON.parse(line) as { level: number }).level >= 50) errorLines.push(line);
        }
        done();
      },
    });
    server = await startTestServer('pglite', { LOG_LEVEL: 'warn' }, sink, undefined, {
      onRoute: (r) => routes.push(r),
    });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  function connect(namespace: string, auth: Record<string, string> = {}): Promise<Socket> {
    const s = io(`${origin}${namespace}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth,
    });
    sockets.push(s);
    return new Promise((resolve, reject) => {
      s.once('connect', () => resolve(s));
      s.once('connect_error', reject);
    });
  }
  // biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
  const ackOf = (s: Socket, event: string, ...args: unknown[]): Promise<any> =>
    s.timeout(5000).emitWithAck(event, ...args);

  it('a refused staff call with a long address and NUL in its body is still audited (seed 1, case 45)', async () => {
    const token = await tokenFor(server, 'staff');
    const res = await fetch(`${origin}/staff/deposit?pad=${'x'.repeat(4000)}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo\u0000\ud800', amount: 'lots' }),
    });
    expect(res.status).toBe(400);
    // The refusal's audit entry went in: no 'audit entry not recorded' at error level.
    expect(errorLines).toEqual([]);
    const audit = await fetch(
      `${origin}/staff/audit?targetId=${encodeURIComponent('/staff/deposit')}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    const entry = (await audit.json()).items[0];
    expect(entry).toMatchObject({ targetId: '/staff/deposit', outcome: 'refused' });
    expect(entry.after.body.username).toBe('demo\ufffd\ufffd');
  });

  it('every route declares a schema (/Settings.json, /info/info.css and /healthz had none)', () => {
    const bare = routes.filter((r) => !r.schema).map((r) => `${r.method} ${r.url}`);
    expect(routes.length).toBeGreaterThan(30);
    expect(bare).toEqual([]);
  });

  it('an answer SDP libwebrtc cannot parse is a 40000, not a 50000 and an error log (seed 2, case 337)', async () => {
    const token = await tokenFor(server, 'demo2');
    const s = await connect('/machine');
    const offered = new Promise<void>((resolve) => s.on('signal', () => resolve()));
    expect((await ackOf(s, 'init', { machineID: 3, token })).code).toBe(20000);
    await offered;
    const ack = await ackOf(s, 'signal', { type: 'answer', sdp: '981eb4' });
    expect(ack).toMatchObject({ code: 40000, Params: { detail: 'the answer was refused' } });
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 9 typ host', sdpMLineIndex: 99 };
    expect((await ackOf(s, 'signal', { type: 'candidate', candidate })).code).toBe(40000);
    expect(errorLines).toEqual([]);
    expect((await ackOf(s, 'leave', {})).code).toBe(20000);
  });

  it('an event without a payload, or with extra arguments, is still answered (seed 1, cases 55, 174, 289)', async () => {
    const s = await connect('/machine');
    // socket.io passes the acknowledgement last, however many arguments came before it. No
    // payload is no object: refused, but answered.
    expect((await ackOf(s, 'ping')).code).toBe(40000);
    expect((await ackOf(s, 'touch')).code).toBe(40000);
    expect((await ackOf(s, 'ping', {}, 'x', 7)).code).toBe(20000);
    const token = await tokenFor(server, 'demo');
    const notice = await connect('/notice', { token });
    expect((await ackOf(notice, 'init')).code).toBe(40000);
  });

  it('a socket that sits down and leaves again and again keeps one token listener (seed 2)', async () => {
    const token = await tokenFor(server, 'demo');
    const s = await connect('/machine');
    const serverSocket = server.services.io.of('/machine').sockets.get(s.id!)!;
    const before = serverSocket.listenerCount('disconnect');
    for (let i = 0; i < 12; i++) {
      expect((await ackOf(s, 'init', { machineID: 4, token })).code).toBe(20000);
      expect((await ackOf(s, 'leave', {})).code).toBe(20000);
    }
    expect(serverSocket.listenerCount('disconnect')).toBeLessThanOrEqual(before + 1);
  });

  it('a burst of video restarts leaves one peer connection open, none after leaving (seed 2, cases 500-1500)', async () => {
    const token = await tokenFor(server, 'demo2');
    const s = await connect('/machine');
    expect((await ackOf(s, 'init', { machineID: 6, token })).code).toBe(20000);
    const playerId = (await server.services.tokens.verify(token)).id;
    const restarts = await Promise.all(Array.from({ length: 20 }, () => ackOf(s, 'video', {})));
    expect(restarts.every((a) => a.code === 20000)).toBe(true);
    // Each restart queued a start; the last one holds the only peer connection.
    await expect.poll(() => peerConnectionCount(playerId), { timeout: 5000 }).toBe(1);
    expect((await ackOf(s, 'leave', {})).code).toBe(20000);
    await expect.poll(() => peerConnectionCount(playerId), { timeout: 5000 }).toBe(0);
  });
});
