// The /machine socket end to end over a real socket: session rules, money and bad input.
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatedAgent } from '../src/modules/floor/simulated-agent';
import { machineClients } from './machine-clients';
import { loginToken, startListeningServer, type TestServer } from './support';

/** A listening server for one describe block: started before its tests, closed after them. */
function listening(): { server: TestServer; url: string } {
  const at = {} as { server: TestServer; url: string };
  beforeAll(async () => {
    Object.assign(at, await startListeningServer());
  });
  afterAll(() => at.server.close());
  return at;
}

/** A fresh socket to the /machine namespace at `url`. */
const machineSocket = (url: string) =>
  io(url, { transports: ['websocket'], reconnection: false, forceNew: true });

describe('machine socket', () => {
  const clients = machineClients();
  const { connect } = clients;
  // biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
  const request = (s: Socket, event: string, payload: unknown): Promise<any> =>
    clients.request(s, event, payload);
  const balanceOf = async (token: string) =>
    (
      await clients.server.app.inject({
        method: 'GET',
        url: '/player/balance',
        headers: { authorization: `Bearer ${token}` },
      })
    ).json().balance as number;

  it('a bad token gets an error and the socket is closed', async () => {
    const s = connect();
    const closed = new Promise<void>((resolve) => s.on('disconnect', () => resolve()));
    const ack = await request(s, 'init', { machineID: 1, token: 'not-a-token' });
    expect(ack.code).toBe(40100);
    await closed;
  });

  it('opens a session, offers video, moves money both ways and refuses bad input', async () => {
    const token = await loginToken(clients.server, 'demo');
    const before = await balanceOf(token);
    const s = connect();
    const offer = new Promise<{ type: string; sdp: string }>((resolve) =>
      s.on('signal', (m) => m.type === 'offer' && resolve(m)),
    );
    const init = await request(s, 'init', { machineID: 2, token });
    expect(init.code).toBe(20000);
    expect(init.session).toMatchObject({ machineId: 2, status: 'open' });
    const sdp = (await offer).sdp;
    expect(sdp).toContain('m=video');
    expect(sdp).not.toMatch(/a=candidate:(?![^\r\n]* 127\.0\.0\.1 )/);

    // refused, nothing changed
    expect((await request(s, 'transfer', { amount: before + 1 })).code).toBe(40200);
    expect((await request(s, 'transfer', { amount: -5 })).code).toBe(40000);
    expect((await request(s, 'transfer', { amount: 1.5 })).code).toBe(40000);
    expect((await request(s, 'transfer', { amount: 0 })).code).toBe(40000);
    expect((await request(s, 'touch', { x: 1.5, y: 0.5 })).code).toBe(40000);
    expect((await request(s, 'touch', 'garbage')).code).toBe(40000);
    expect(await balanceOf(token)).toBe(before);

    const credits = new Promise<number>((resolve) =>
      s.on('machine', (m) => m.credits > 0 && resolve(m.credits)),
    );
    const t = await request(s, 'transfer', { amount: 5_000, requestId: 'req-00000001' });
    expect(t).toMatchObject({ code: 20000, balance: before - 5_000 });
    // A retried request lands once.
    expect(
      (await request(s, 'transfer', { amount: 5_000, requestId: 'req-00000001' })).balance,
    ).toBe(before - 5_000);
    expect(await credits).toBe(5_000);
    expect(await balanceOf(token)).toBe(before - 5_000);

    const out = await request(s, 'cashout', {});
    expect(out).toMatchObject({ code: 20000, amount: 5_000 });
    expect(await balanceOf(token)).toBe(before);
    // One seat per player: the next test seats demo elsewhere.
    expect((await request(s, 'leave', {})).code).toBe(20000);
  });

  it('a second player cannot join a machine in use', async () => {
    const first = connect();
    expect(
      (
        await request(first, 'init', {
          machineID: 3,
          token: await loginToken(clients.server, 'demo'),
        })
      ).code,
    ).toBe(20000);
    const second = connect();
    const ack = await request(second, 'init', {
      machineID: 3,
      token: await loginToken(clients.server, 'demo2'),
    });
    expect(ack.code).toBe(40900);
    const list = await clients.server.app.inject({
      method: 'GET',
      url: '/machine/3',
      headers: { authorization: `Bearer ${await loginToken(clients.server, 'demo2')}` },
    });
    expect(list.json().status).toBe('playing');
  });

  it('session notices name the machine; a close says its status and, apart, why (§3)', async () => {
    const token = await loginToken(clients.server, 'demo2');
    const auth = { authorization: `Bearer ${token}` };
    const machine = (
      await clients.server.app.inject({ method: 'GET', url: '/machine/4', headers: auth })
    ).json();
    const s = connect();
    const init = await request(s, 'init', { machineID: 4, token });
    expect(init.session).toMatchObject({ machineId: 4, name: machine.name, status: 'open' });
    expect(init.session.name).not.toMatch(/^#/);
    const closed = new Promise<Record<string, unknown>>((resolve) =>
      s.on('session', (session) => session.status === 'closed' && resolve(session)),
    );
    const cancel = await clients.server.app.inject({
      method: 'POST',
      url: '/player/cancel',
      headers: auth,
      payload: { machineId: 4 },
    });
    expect(cancel.statusCode).toBe(200);
    expect(await closed).toEqual({
      id: init.session.id,
      machineId: 4,
      name: machine.name,
      status: 'closed',
      machine_status: 'available',
      reason: 'cancel',
    });
  });

  it('an unknown machine is a clear error', async () => {
    const s = connect();
    const ack = await request(s, 'init', {
      machineID: 9999,
      token: await loginToken(clients.server),
    });
    expect(ack.code).toBe(40400);
  });
});

describe('machine socket and revoked tokens', () => {
  const at = listening();

  it('closes an open machine socket when its token is logged out', async () => {
    const token = await loginToken(at.server, 'demo2');
    const other = await loginToken(at.server, 'demo2');
    const s = machineSocket(at.url);
    const kept = machineSocket(at.url);
    try {
      expect((await s.timeout(5000).emitWithAck('init', { machineID: 5, token })).code).toBe(20000);
      // The same player's other token (another device, on the same seat) is untouched.
      expect(
        (await kept.timeout(5000).emitWithAck('init', { machineID: 5, token: other })).code,
      ).toBe(20000);
      const closed = new Promise<string>((resolve) => s.on('disconnect', (r) => resolve(r)));
      const out = await at.server.app.inject({
        method: 'POST',
        url: '/player/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect(kept.connected).toBe(true);
    } finally {
      s.disconnect();
      kept.disconnect();
    }
  });
});

describe('money and a faulted machine', () => {
  const at = listening();

  it('refuses a transfer onto a tilted machine without touching the wallet, and cash-out still works', async () => {
    const token = await loginToken(at.server, 'demo');
    const s = machineSocket(at.url);
    try {
      expect((await s.timeout(5000).emitWithAck('init', { machineID: 7, token })).code).toBe(20000);
      expect((await s.timeout(5000).emitWithAck('transfer', { amount: 1_000 })).code).toBe(20000);
      const agent = at.server.services.floor.agent(7) as SimulatedAgent;
      agent.egm.tilt('reel jam');
      const refused = await s.timeout(5000).emitWithAck('transfer', { amount: 2_000 });
      expect(refused.code).toBe(40901);
      const balance = await at.server.services.ledger.balance(1);
      expect(balance).toBe(100_000 - 1_000);
      // The credits already on the machine are not trapped by the fault.
      expect(await s.timeout(5000).emitWithAck('cashout', {})).toMatchObject({
        code: 20000,
        amount: 1_000,
      });
      expect(await at.server.services.ledger.balance(1)).toBe(100_000);
      agent.egm.clearTilt();
    } finally {
      s.disconnect();
    }
  });
});

describe('autoplay and a player who leaves', () => {
  const at = listening();

  it('stops autoplay when the last socket of the player leaves, so credits stop being spent', async () => {
    const token = await loginToken(at.server, 'demo');
    const s = machineSocket(at.url);
    expect((await s.timeout(5000).emitWithAck('init', { machineID: 8, token })).code).toBe(20000);
    expect((await s.timeout(5000).emitWithAck('transfer', { amount: 10_000 })).code).toBe(20000);
    expect((await s.timeout(5000).emitWithAck('press', { button: 'auto' })).code).toBe(20000);
    const agent = at.server.services.floor.agent(8) as SimulatedAgent;
    expect(agent.state().autoplay).toBe(true);
    s.disconnect();
    await expect.poll(() => agent.state().autoplay, { timeout: 5000 }).toBe(false);
    // The game that was in play ends; after that the credits stay put.
    await expect.poll(() => agent.state().spinning, { timeout: 5000 }).toBe(false);
    const credits = agent.state().credits;
    // Had autoplay gone on, the floor's tick would start the next game autoplayDelayMs after the
    // reels came to rest: wait for a tick past that moment, then nothing may have been spent.
    const due = agent.egm.now() + agent.egm.autoplayDelayMs;
    await new Promise<void>((resolve) => {
      const tick = agent.tick.bind(agent);
      agent.tick = () => {
        const at = agent.egm.now();
        tick();
        if (at >= due) resolve();
      };
    });
    expect(agent.state().spinning).toBe(false);
    expect(agent.state().credits).toBe(credits);
  });
});
