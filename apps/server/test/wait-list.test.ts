// The wait list of a busy machine (issue #18): places in order, pushed live on /notice; when the
// machine frees the first in line gets a ready prompt with the seat held for them (others see it
// reserved and cannot take it); when the prompt runs out the next in line gets it; signing out or
// no tab for a while leaves the list. No money moves.
import { NOTICE_NAMESPACE } from '@reelcast/protocol/notice';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { type MachineClients, machineClients } from './machine-clients';
import { loginToken, playerRow } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

const MACHINE = 5;

describe('wait list', () => {
  const clients: MachineClients = machineClients('pglite', {
    WAIT_LIST_READY_SECONDS: '1',
    WAIT_LIST_AWAY_SECONDS: '1',
  });
  const { request } = clients;
  const tokens = new Map<string, string>();
  const tabs: Socket[] = [];

  async function token(username: string): Promise<string> {
    if (!tokens.has(username)) tokens.set(username, await loginToken(clients.server, username));
    return tokens.get(username)!;
  }

  const http = async (username: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    clients.server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${await token(username)}` },
      ...(payload ? { payload } : {}),
    });

  /**
   * The player's /notice tab past init; `pushes` are its wait-list notices, oldest first. With
   * `signIn`, the tab belongs to a sign-in of its own (a logout elsewhere leaves it open).
   */
  async function tab(username: string, signIn?: string) {
    const origin = clients.url.replace(/\/machine$/, '');
    const socket = io(`${origin}${NOTICE_NAMESPACE}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: signIn ?? (await token(username)) },
    });
    tabs.push(socket);
    const pushes: Json[] = [];
    socket.on('wait-list', (p: Json) => pushes.push(p));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const { id } = await playerRow(clients.server, username);
    expect((await socket.timeout(5000).emitWithAck('init', { id })).code).toBe(20000);
    /** Resolves with the first push (already heard or to come) that matches. */
    const heard = (match: (p: Json) => boolean, ms = 5000): Promise<Json> =>
      new Promise((resolve, reject) => {
        const found = pushes.find(match);
        if (found) return resolve(found);
        const timer = setTimeout(() => reject(new Error(`${username}: no such push`)), ms);
        socket.on('wait-list', (p: Json) => {
          if (!match(p)) return;
          clearTimeout(timer);
          resolve(p);
        });
      });
    return { socket, pushes, heard };
  }

  const join = async (username: string, machineId = MACHINE) =>
    (await http(username, 'POST', '/player/wait-list', { machineId })).json();

  let seated: Socket;
  let demo2: Awaited<ReturnType<typeof tab>>;
  let selin: Awaited<ReturnType<typeof tab>>;
  let demo0: Awaited<ReturnType<typeof tab>>;

  it('joins only a busy machine, and not one’s own', async () => {
    seated = clients.connect();
    expect(
      (await request(seated, 'init', { machineID: MACHINE, token: await token('demo') })).code,
    ).toBe(20000);
    expect((await join('demo')).code).toBe(40928);
    expect((await join('demo2', 6)).code).toBe(40927);
    expect((await http('demo2', 'POST', '/player/wait-list', {})).statusCode).toBe(400);
    expect(
      (
        await clients.server.app.inject({
          method: 'POST',
          url: '/player/wait-list',
          payload: { machineId: MACHINE },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('keeps the order of joining, and each player sees their place live', async () => {
    demo2 = await tab('demo2');
    selin = await tab('selin');
    demo0 = await tab('demo0');
    expect((await join('demo2')).entry).toEqual({
      machineId: MACHINE,
      state: 'waiting',
      place: 1,
      size: 1,
    });
    expect((await join('selin')).entry).toMatchObject({ place: 2, size: 2 });
    expect((await join('demo0')).entry).toMatchObject({ place: 3, size: 3 });
    // Asking again answers the same place; the first in line hears the list grow.
    expect((await join('selin')).entry).toMatchObject({ place: 2, size: 3 });
    await demo2.heard((p) => p.place === 1 && p.size === 3);
    expect((await http('demo0', 'GET', '/player/wait-list')).json().entry).toMatchObject({
      place: 3,
    });
  });

  it('when the machine frees the first in line gets the ready prompt and the seat is held', async () => {
    const wallet = (await http('demo2', 'GET', '/player/balance')).json().balance;
    expect((await request(seated, 'leave', {})).code).toBe(20000);
    const ready = await demo2.heard((p) => p.state === 'ready');
    expect(ready).toMatchObject({ machineId: MACHINE, place: 1, size: 3 });
    expect(Date.parse(ready.expiresAt)).toBeGreaterThan(Date.now());
    // Others see it reserved, and cannot take it: neither those further down nor a stranger.
    const seen = (await http('selin', 'GET', `/machine/${MACHINE}`)).json();
    expect(seen).toMatchObject({ status: 'reserved', reservation: { mine: false } });
    expect((await http('demo2', 'GET', `/machine/${MACHINE}`)).json().reservation.mine).toBe(true);
    for (const username of ['selin', 'nomenu']) {
      const s = clients.connect();
      const ack = await request(s, 'init', { machineID: MACHINE, token: await token(username) });
      expect(ack.code, username).toBe(40921);
    }
    expect(
      (await http('nomenu', 'POST', '/player/reserve', { machineId: MACHINE })).statusCode,
    ).toBe(409);
    expect((await http('demo2', 'GET', '/player/balance')).json().balance).toBe(wallet);
  });

  it('when the prompt runs out the next in line gets it, and places move up', async () => {
    expect(await demo2.heard((p) => p.state === 'left')).toEqual({
      machineId: MACHINE,
      state: 'left',
      reason: 'missed',
    });
    const ready = await selin.heard((p) => p.state === 'ready');
    expect(ready).toMatchObject({ place: 1, size: 2 });
    expect(await demo0.heard((p) => p.place === 2 && p.size === 2)).toMatchObject({
      state: 'waiting',
    });
    // The one who missed it may not sit down now either.
    const late = clients.connect();
    expect(
      (await request(late, 'init', { machineID: MACHINE, token: await token('demo2') })).code,
    ).toBe(40921);
  });

  it('the player who was called sits down and is out of the list; the next moves to first', async () => {
    const game = clients.connect();
    expect(
      (await request(game, 'init', { machineID: MACHINE, token: await token('selin') })).code,
    ).toBe(20000);
    expect(await selin.heard((p) => p.state === 'left')).toMatchObject({ reason: 'seated' });
    expect(await demo0.heard((p) => p.place === 1 && p.size === 1)).toMatchObject({
      state: 'waiting',
    });
    expect((await request(game, 'leave', {})).code).toBe(20000);
    await demo0.heard((p) => p.state === 'ready');
    expect((await http('demo0', 'POST', '/player/wait-list/leave')).json().machineId).toBe(MACHINE);
    expect(await demo0.heard((p) => p.state === 'left')).toMatchObject({ reason: 'left' });
    // Nobody waits now: the machine is free again for anyone.
    await expect
      .poll(async () => (await http('nomenu', 'GET', `/machine/${MACHINE}`)).json().status)
      .toBe('available');
  });

  it('a player with no tab open for a while, or who signs out, leaves the list', async () => {
    const busy = clients.connect();
    expect((await request(busy, 'init', { machineID: 7, token: await token('demo') })).code).toBe(
      20000,
    );
    const away = await tab('demo2');
    expect((await join('demo2', 7)).entry).toMatchObject({ place: 1 });
    // Both of the player's tabs close: one is not enough (the other still shows the prompt).
    away.socket.disconnect();
    await new Promise((r) => setTimeout(r, 1500));
    expect((await http('demo2', 'GET', '/player/wait-list')).json().entry).not.toBeNull();
    demo2.socket.disconnect();
    await expect
      .poll(async () => (await http('demo2', 'GET', '/player/wait-list')).json().entry, {
        timeout: 4000,
      })
      .toBeNull();
    // Told on the tab of another sign-in of theirs: the one signing out closes at once.
    const leaving = await tab('selin', await loginToken(clients.server, 'selin'));
    expect((await join('selin', 7)).entry).toMatchObject({ place: 1 });
    expect((await http('selin', 'POST', '/player/logout')).statusCode).toBe(200);
    expect(await leaving.heard((p) => p.state === 'left')).toMatchObject({ reason: 'away' });
    expect(
      await clients.server.services.waitList.placeOf((await playerRow(clients.server, 'selin')).id),
    ).toBeNull();
    expect((await request(busy, 'leave', {})).code).toBe(20000);
    for (const s of tabs) s.disconnect();
  });

  it('a reservation cannot jump a queue, even in the instant its machine frees', async () => {
    // The instant between a queued machine freeing and its first in line's hold: the queue
    // already says who is first, and a stranger's reservation is refused.
    const gate = clients.server.services.waitListGate;
    const first = (await playerRow(clients.server, 'demo2')).id;
    const FREE = 7;
    gate.set(FREE, first);
    try {
      const refused = await http('nomenu', 'POST', '/player/reserve', { machineId: FREE });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe(40921);
    } finally {
      gate.set(FREE, null);
    }
    const held = await http('nomenu', 'POST', '/player/reserve', { machineId: FREE });
    expect(held.statusCode).toBe(200);
    await http('nomenu', 'POST', '/player/reserve/release');
  });

  it('a queue formed behind a reservation waits for it: the holder still sits down', async () => {
    const HELD = 8;
    expect((await http('nomenu', 'POST', '/player/reserve', { machineId: HELD })).statusCode).toBe(
      200,
    );
    // Someone queues for the reserved machine: that must not take it from the one holding it.
    const queued = await http('demo0', 'POST', '/player/wait-list', { machineId: HELD });
    expect(queued.statusCode).toBe(200);
    const renewed = await http('nomenu', 'POST', '/player/reserve', { machineId: HELD });
    expect(renewed.statusCode).toBe(200);
    const s = clients.connect();
    const ack = await request(s, 'init', { machineID: HELD, token: await token('nomenu') });
    expect(ack.code).toBe(20000);
    expect((await request(s, 'leave', {})).code).toBe(20000);
    await http('demo0', 'POST', '/player/wait-list/leave');
  });
});
