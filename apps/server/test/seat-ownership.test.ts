// A machine socket acts only while its player holds the machine's open slot session: after any
// end of that session (leave, cancel, staff quit, idle close) the socket that stays open can no
// longer press, touch, ask for video or hear the machine, and the next player's credits are safe.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { type AnyAck, machineClients } from './machine-clients';
import { callAs, type DbKind, startListeningServer, type TestServer, tokenFor } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('seat ownership on %s', (kind) => {
  const clients = machineClients(kind);
  const { connect, request } = clients;
  /** Everything the server pushes to a socket, from the moment this is called. */
  function record(s: Socket): string[] {
    const seen: string[] = [];
    s.onAny((event) => seen.push(event));
    return seen;
  }

  /**
   * Player A sits at the machine and its session ends by `end`; B then sits down, moves 5.00 on
   * and A's socket, still open, tries every input. Nothing of it may touch B's machine.
   */
  async function afterSessionEnds(
    machineId: number,
    end: (a: Socket, aToken: string) => Promise<void>,
  ): Promise<void> {
    const aToken = await tokenFor(clients.server, 'demo');
    const bToken = await tokenFor(clients.server, 'demo2');
    const a = connect();
    expect((await request(a, 'init', { machineID: machineId, token: aToken })).code).toBe(20000);
    await end(a, aToken);

    const b = connect();
    expect((await request(b, 'init', { machineID: machineId, token: bToken })).code).toBe(20000);
    expect((await request(b, 'transfer', { amount: 500 })).code).toBe(20000);
    const agent = clients.server.services.floor.agent(machineId)!;
    const before = agent.state();
    const layoutBefore = agent.layout;
    const bRecalled = (await callAs(clients.server, bToken, 'GET', '/player/slot-sessions')).body;

    const heard = record(a);
    for (const button of ['bet+', 'spin', 'collect', 'auto'] as const) {
      expect((await request(a, 'press', { button })).code).not.toBe(20000);
    }
    expect((await request(a, 'touch', { x: 0.5, y: 0.9 })).code).not.toBe(20000);
    expect((await request(a, 'video')).code).not.toBe(20000);
    expect((await request(a, 'quality', { band: 'low' })).code).not.toBe(20000);
    expect((await request(a, 'layout', { layout: 'portrait' })).code).not.toBe(20000);
    expect((await request(a, 'transfer', { amount: 100 })).code).not.toBe(20000);
    expect((await request(a, 'cashout')).code).not.toBe(20000);

    // B's machine moves on; none of it reaches A. Once B has heard its new bet, the machine's
    // room has been told; an answer to A after that comes after anything the room sent A.
    const bHeard = new Promise<void>((resolve) =>
      b.on('machine', (m: { bet: number }) => m.bet > before.bet && resolve()),
    );
    expect((await request(b, 'press', { button: 'bet+' })).code).toBe(20000);
    await bHeard;
    expect((await request(a, 'press', { button: 'bet+' })).code).not.toBe(20000);
    const after = agent.state();
    expect(after.credits).toBe(before.credits);
    // B's own bet+ is the only press that counts.
    expect(after.bet).toBeGreaterThan(before.bet);
    expect(agent.layout).toBe(layoutBefore);
    expect(after.autoplay).toBe(false);
    expect(heard.filter((e) => e === 'machine' || e === 'signal')).toEqual([]);
    await expect.poll(() => peerConnectionCount(1), { timeout: 5000 }).toBe(0);
    expect((await callAs(clients.server, bToken, 'GET', '/player/slot-sessions')).body).toEqual(
      bRecalled,
    );

    expect((await request(b, 'leave')).code).toBe(20000);
    a.disconnect();
    b.disconnect();
  }

  it('after leave', async () => {
    await afterSessionEnds(2, async (a) => {
      expect((await request(a, 'leave')).code).toBe(20000);
    });
  });

  it('after POST /player/cancel', async () => {
    await afterSessionEnds(3, async (_a, aToken) => {
      const res = await callAs(clients.server, aToken, 'POST', '/player/cancel', { machineId: 3 });
      expect(res.status).toBe(200);
    });
  });

  it('after a staff quit', async () => {
    await afterSessionEnds(4, async () => {
      await clients.server.services.sessions.quit(4);
    });
  });

  it('a socket that left can sit down again and act on its new session', async () => {
    const token = await tokenFor(clients.server, 'demo');
    const a = connect();
    expect((await request(a, 'init', { machineID: 5, token })).code).toBe(20000);
    expect((await request(a, 'leave')).code).toBe(20000);
    expect((await request(a, 'init', { machineID: 5, token })).code).toBe(20000);
    expect((await request(a, 'press', { button: 'bet+' })).code).toBe(20000);
    expect((await request(a, 'leave')).code).toBe(20000);
    a.disconnect();
  });
});

describe('one seat per player', () => {
  let server: TestServer;
  let url: string;

  beforeAll(async () => {
    ({ server, url } = await startListeningServer('pglite'));
  });
  afterAll(() => server.close());

  it('a burst of joins on several machines opens exactly one seat (40925 for the rest)', async () => {
    const token = await tokenFor(server, 'demo');
    const sockets = [1, 2, 3, 4, 5].map(() =>
      io(url, { transports: ['websocket'], reconnection: false, forceNew: true }),
    );
    try {
      const acks: AnyAck[] = await Promise.all(
        sockets.map((s, i) => s.timeout(5000).emitWithAck('init', { machineID: i + 1, token })),
      );
      const codes = acks.map((a) => a.code).sort();
      expect(codes).toEqual([20000, 40925, 40925, 40925, 40925]);
      expect(server.services.sessions.openSessionsOf(1)).toHaveLength(1);
      // After leaving, another machine may be taken.
      const seated = sockets[acks.findIndex((a) => a.code === 20000)]!;
      expect((await seated.timeout(5000).emitWithAck('leave', {})).code).toBe(20000);
      const next = sockets[acks.findIndex((a) => a.code === 40925)]!;
      const again = await next.timeout(5000).emitWithAck('init', { machineID: 6, token });
      expect(again.code).toBe(20000);
      expect((await next.timeout(5000).emitWithAck('leave', {})).code).toBe(20000);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('two inits and an init with a watch at once on one socket: one seat, counted once', async () => {
    const token = await tokenFor(server, 'demo');
    const seat = () => server.services.sessions.seatOn(7);
    const { sessions } = server.services;
    // A seat slow to open, as on a busy database: the second init arrives while the first waits.
    const open = sessions.open.bind(sessions);
    sessions.open = async (playerId, machineId) => {
      await new Promise((r) => setTimeout(r, 100));
      return open(playerId, machineId);
    };
    const a = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    try {
      const [first, second, watch] = await Promise.all([
        a.timeout(5000).emitWithAck('init', { machineID: 7, token }),
        a.timeout(5000).emitWithAck('init', { machineID: 7, token }),
        a.timeout(5000).emitWithAck('watch', { machineID: 7, token }),
      ]);
      expect([first.code, second.code]).toEqual([20000, 20000]);
      expect(second.session.id).toBe(first.session.id);
      // Seated first: the socket cannot also be a spectator.
      expect(watch.code).not.toBe(20000);
      expect(seat()).toMatchObject({ stage: 'seated', connections: 1 });
    } finally {
      sessions.open = open;
      a.disconnect();
    }
    // Its one socket gone, the seat is in its grace period (a count left behind would keep it
    // seated, and the idle countdown would close it instead of the grace).
    await expect.poll(() => seat().stage).toBe('grace');
    await server.services.sessions.close(server.services.sessions.sessionOnMachine(7)!.id, 'test');
  });

  it('a socket gone while its init was opening the seat leaves the seat in its grace', async () => {
    const token = await tokenFor(server, 'demo');
    const { sessions } = server.services;
    const left = new Promise((resolve) =>
      server.services.io.of('/machine').once('connection', (s) => s.once('disconnect', resolve)),
    );
    const a = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    await new Promise<void>((resolve) => a.once('connect', () => resolve()));
    // The interleaving: the player's socket drops after the seat is open, before init is done.
    const open = sessions.open.bind(sessions);
    sessions.open = async (playerId, machineId) => {
      const session = await open(playerId, machineId);
      a.disconnect();
      await left;
      return session;
    };
    try {
      a.emit('init', { machineID: 8, token });
      await expect.poll(() => sessions.seatOn(8).stage).toBe('grace');
    } finally {
      sessions.open = open;
    }
    await sessions.close(sessions.sessionOnMachine(8)!.id, 'test');
  });
});
