// Player protection at the machine, over a real /machine socket with a clock the test moves: the
// GB profile's minimum game cycle and its refusal of autoplay (the default profile allows both),
// and a reality check that holds every press until the player answers Continue.
import { buttonLayout } from '@reelcast/egm/layout';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnyAck } from './machine-clients';
import { ManualClock } from './manual-clock';
import { callAs, startListeningServer, type TestServer, tokenFor } from './support';

interface Harness {
  server: TestServer;
  clock: ManualClock;
  connect(): Socket;
  request(s: Socket, event: string, payload?: unknown): Promise<AnyAck>;
}

const open: Array<{ server: TestServer; sockets: Socket[] }> = [];

async function boot(env: Record<string, string> = {}): Promise<Harness> {
  const clock = new ManualClock();
  const { server, url } = await startListeningServer(
    'pglite',
    { SESSION_IDLE_MS: String(24 * 3600 * 1000), ...env },
    { clock },
  );
  const sockets: Socket[] = [];
  open.push({ server, sockets });
  return {
    server,
    clock,
    connect() {
      const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
      sockets.push(s);
      return s;
    },
    request: (s, event, payload = {}) => s.timeout(5000).emitWithAck(event, payload),
  };
}

afterEach(async () => {
  for (const { server, sockets } of open.splice(0)) {
    for (const s of sockets) s.disconnect();
    await server.close();
  }
});

/** Seated on the machine with 10.00 of credits. */
async function seated(h: Harness, machineId: number, username = 'demo') {
  const token = await tokenFor(h.server, username);
  const s = h.connect();
  const init = await h.request(s, 'init', { machineID: machineId, token });
  expect(init.code).toBe(20000);
  expect((await h.request(s, 'transfer', { amount: 1_000 })).code).toBe(20000);
  return { s, token, sessionId: init.session.id as number };
}

function gameEnded(h: Harness, machineId: number): Promise<void> {
  const agent = h.server.services.floor.agent(machineId)!;
  return new Promise((resolve) => {
    const done = () => {
      agent.off('game-ended', done);
      resolve();
    };
    agent.on('game-ended', done);
  });
}

const centreOf = (r: { x: number; y: number; w: number; h: number }) => ({
  x: r.x + r.w / 2,
  y: r.y + r.h / 2,
});

describe('play rules of the market', () => {
  it('GB: a spin within 2.5 s of the last game’s start is refused, by press and by touch', async () => {
    const h = await boot({ JURISDICTION: 'GB' });
    const { s } = await seated(h, 1);
    const ended = gameEnded(h, 1);
    expect(await h.request(s, 'press', { button: 'spin' })).toMatchObject({
      code: 20000,
      pressed: true,
    });
    await ended;
    // The reels are at rest, but the game cycle is not over on the server's clock.
    expect(await h.request(s, 'press', { button: 'spin' })).toMatchObject({
      code: 40232,
      Params: { seconds: 2.5 },
    });
    expect(await h.request(s, 'touch', centreOf(buttonLayout.spin))).toMatchObject({
      code: 40232,
    });
    // Bet buttons are no game: they stay open.
    expect((await h.request(s, 'press', { button: 'bet+' })).code).toBe(20000);
    await h.clock.advance(2_499);
    expect((await h.request(s, 'press', { button: 'spin' })).code).toBe(40232);
    await h.clock.advance(1);
    const next = gameEnded(h, 1);
    expect(await h.request(s, 'press', { button: 'spin' })).toMatchObject({
      code: 20000,
      pressed: true,
    });
    await next;
  });

  it('GB: autoplay is refused and the play rules say so', async () => {
    const h = await boot({ JURISDICTION: 'GB' });
    const { s, token } = await seated(h, 2);
    expect(await h.request(s, 'press', { button: 'auto' })).toMatchObject({ code: 40233 });
    expect((await h.request(s, 'touch', centreOf(buttonLayout.auto))).code).toBe(40233);
    expect(h.server.services.floor.agent(2)!.state().autoplay).toBe(false);
    const rules = await callAs(h.server, token, 'GET', '/player/play-rules');
    expect(rules.body).toMatchObject({
      jurisdiction: 'GB',
      minGameCycleMs: 2_500,
      autoplay: false,
      showNetPosition: true,
    });
  });

  it('default: the next spin may follow the last game at once, and autoplay runs', async () => {
    const h = await boot();
    const { s } = await seated(h, 3);
    const ended = gameEnded(h, 3);
    expect((await h.request(s, 'press', { button: 'spin' })).code).toBe(20000);
    await ended;
    const again = gameEnded(h, 3);
    expect(await h.request(s, 'press', { button: 'spin' })).toMatchObject({
      code: 20000,
      pressed: true,
    });
    await again;
    expect(await h.request(s, 'press', { button: 'auto' })).toMatchObject({
      code: 20000,
      pressed: true,
    });
    expect(h.server.services.floor.agent(3)!.state().autoplay).toBe(true);
    expect((await h.request(s, 'press', { button: 'auto' })).code).toBe(20000);
  });
});

describe('reality checks', () => {
  it('at the chosen interval presses wait for Continue, and the check says the time and results', async () => {
    const h = await boot();
    const token = await tokenFor(h.server, 'demo');
    await callAs(h.server, token, 'PUT', '/player/reality-check', { minutes: 15 });
    const { s, sessionId } = await seated(h, 4);
    const infos: AnyAck[] = [];
    s.on('info', (info) => infos.push(info));
    expect((await h.request(s, 'press', { button: 'auto' })).code).toBe(20000);

    await h.clock.advance(15 * 60_000 - 1);
    expect((await h.request(s, 'press', { button: 'bet+' })).code).toBe(20000);
    await h.clock.advance(1);
    await expect.poll(() => infos.length).toBe(1);
    expect(infos[0]).toMatchObject({
      code: 18831,
      params: { minutes: 15, sessionNet: expect.any(Number), dayNet: expect.any(Number) },
    });
    // Autoplay stops with the check; the game in play may finish.
    await expect.poll(() => h.server.services.floor.agent(4)!.state().autoplay).toBe(false);
    const refused = await h.request(s, 'press', { button: 'spin' });
    expect(refused).toMatchObject({ code: 40234, Params: { minutes: 15 } });
    expect((await h.request(s, 'touch', { x: 0.5, y: 0.5 })).code).toBe(40234);
    const position = await callAs(
      h.server,
      token,
      'GET',
      `/player/slot-sessions/${sessionId}/position`,
    );
    expect(position.body).toMatchObject({ realityCheckDue: true, cashIn: 1_000 });
    expect(position.body.sessionNet).toBe(
      position.body.credits + position.body.paidOut - position.body.cashIn,
    );

    // Cash-out stays open while the check waits: the player may always take the money.
    expect((await h.request(s, 'cashout', {})).code).toBe(20000);
    const answered = await callAs(h.server, token, 'POST', '/player/reality-check/continue', {
      sessionId,
    });
    expect(answered.status).toBe(200);
    expect((await h.request(s, 'press', { button: 'bet+' })).code).toBe(20000);
    // The next check comes a full interval later.
    await h.clock.advance(15 * 60_000);
    await expect.poll(() => infos.length).toBe(2);
    expect((await h.request(s, 'press', { button: 'bet+' })).code).toBe(40234);
  });

  it('another player cannot answer a session’s check', async () => {
    const h = await boot();
    const { sessionId } = await seated(h, 5);
    const other = await tokenFor(h.server, 'demo2');
    const answer = await callAs(h.server, other, 'POST', '/player/reality-check/continue', {
      sessionId,
    });
    expect(answer).toMatchObject({ status: 404, body: { code: 40922 } });
  });
});
