// The relay of a /machine socket to its machine's owner (issue #19), between two real socket.io
// servers on the loopback: one plays the owner, the other routes with a scripted lease.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { type Socket as ClientSocket, io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type OwnerAnswer, routeToOwner } from './machine-relay';

const TOKEN = 'secret-token-never-logged';
const MACHINE = 7;

/** A socket.io server on an ephemeral loopback port, and its URL. */
async function listen(): Promise<{ io: Server; url: string }> {
  const http = createServer();
  const io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

/** A stand-in owner: answers init and watch as itself, echoes press, records what it got. */
async function owner() {
  const { io, url } = await listen();
  const received: unknown[] = [];
  const sockets: Socket[] = [];
  io.of('/machine').on('connection', (socket) => {
    sockets.push(socket);
    socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
    socket.on('init', (p: { machineID: number }, ack: (a: unknown) => void) => {
      ack({ code: 20000, from: 'owner', machineID: p.machineID });
      socket.emit('machine', { id: p.machineID, credits: 500 });
    });
    socket.on('watch', (_p: unknown, ack: (a: unknown) => void) => ack({ code: 20000, as: 'spy' }));
    socket.on('press', (p: unknown, ack: (a: unknown) => void) => ack({ code: 20000, echo: p }));
    socket.on('kick', () => socket.disconnect(true));
  });
  return { io, url, received, sockets };
}

function fakeLog() {
  const calls: unknown[][] = [];
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      calls.push([level, ...args]);
  const log = {
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    debug: record('debug'),
    trace: record('trace'),
    fatal: record('fatal'),
  };
  return { log: log as unknown as FastifyBaseLogger, calls };
}

/** The instance the player's socket landed on: routeToOwner, then the usual handlers. */
async function entry(ownerOf: (machineId: number) => Promise<OwnerAnswer>, waitForOwnerMs = 2000) {
  const { io, url } = await listen();
  const { log, calls } = fakeLog();
  const local = vi.fn();
  io.of('/machine').on('connection', (socket) => {
    routeToOwner(socket, { ownerOf, waitForOwnerMs, log });
    socket.on('init', (p: unknown, ack: (a: unknown) => void) => {
      local('init', p);
      const valid = typeof (p as { machineID?: unknown })?.machineID === 'number';
      ack(valid ? { code: 20000, from: 'local' } : { code: 40000, from: 'local' });
    });
    socket.on('press', (p: unknown, ack: (a: unknown) => void) => {
      local('press', p);
      ack({ code: 20000, from: 'local' });
    });
  });
  return { io, url, local, logCalls: calls };
}

const servers: Server[] = [];
const players: ClientSocket[] = [];
afterEach(async () => {
  for (const p of players.splice(0)) p.disconnect();
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function player(url: string): Promise<ClientSocket> {
  const socket = connect(`${url}/machine`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  players.push(socket);
  await new Promise((resolve) => socket.once('connect', () => resolve(undefined)));
  return socket;
}

function request(socket: ClientSocket, event: string, payload: unknown): Promise<unknown> {
  return socket.timeout(5000).emitWithAck(event, payload);
}

function nextEvent<T = unknown>(socket: ClientSocket | Socket, event: string): Promise<T> {
  return new Promise((resolve) => socket.once(event, (arg: T) => resolve(arg)));
}

async function until(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).toBe(true);
}

const remote = (url: string) => async (): Promise<OwnerAnswer> => ({ local: false, url });

describe('routeToOwner', () => {
  it('leaves a machine owned here to the local handlers', async () => {
    const theOwner = await owner();
    const ownerOf = vi.fn(async (): Promise<OwnerAnswer> => ({ local: true }));
    const here = await entry(ownerOf);
    servers.push(theOwner.io, here.io);
    const p = await player(here.url);

    expect(await request(p, 'init', { machineID: MACHINE, token: TOKEN })).toEqual({
      code: 20000,
      from: 'local',
    });
    expect(await request(p, 'press', { button: 'spin' })).toEqual({ code: 20000, from: 'local' });
    expect(ownerOf).toHaveBeenCalledWith(MACHINE);
    expect(theOwner.sockets).toHaveLength(0);
  });

  it('leaves a malformed init to the local handler, without asking for an owner', async () => {
    const ownerOf = vi.fn(remote('http://127.0.0.1:1'));
    const here = await entry(ownerOf);
    servers.push(here.io);
    const p = await player(here.url);

    expect(await request(p, 'init', { machineID: 'seven', token: TOKEN })).toEqual({
      code: 40000,
      from: 'local',
    });
    expect(ownerOf).not.toHaveBeenCalled();
  });

  it('relays a machine owned elsewhere both ways, in order, and logs no token', async () => {
    const theOwner = await owner();
    // A slow lease lookup: what the player sends meanwhile waits, in order, behind the init.
    const here = await entry(async () => {
      await new Promise((r) => setTimeout(r, 50));
      return { local: false, url: theOwner.url };
    });
    servers.push(theOwner.io, here.io);
    const p = await player(here.url);
    const machine = nextEvent(p, 'machine');

    const init = request(p, 'init', { machineID: String(MACHINE), token: TOKEN });
    p.emit('signal', { n: 1 });
    const press = request(p, 'press', { button: 'spin' });
    p.emit('signal', { n: 2 });
    expect(await init).toEqual({ code: 20000, from: 'owner', machineID: String(MACHINE) });
    expect(await press).toEqual({ code: 20000, echo: { button: 'spin' } });
    expect(await machine).toEqual({ id: String(MACHINE), credits: 500 });
    expect(await request(p, 'watch', { machineID: MACHINE, token: TOKEN })).toEqual({
      code: 20000,
      as: 'spy',
    });
    await until(() => theOwner.received.length === 5);

    expect(theOwner.received).toEqual([
      ['init', { machineID: String(MACHINE), token: TOKEN }],
      ['signal', { n: 1 }],
      ['press', { button: 'spin' }],
      ['signal', { n: 2 }],
      ['watch', { machineID: MACHINE, token: TOKEN }],
    ]);
    expect(here.local).not.toHaveBeenCalled();
    // The player's address reaches the owner (believed there from TRUST_PROXY addresses only).
    expect(theOwner.sockets[0]!.handshake.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(JSON.stringify(here.logCalls)).toContain(theOwner.url);
    expect(JSON.stringify(here.logCalls)).not.toContain(TOKEN);
  });

  it('drops the player when the owner goes away, so the player reconnects', async () => {
    const theOwner = await owner();
    const here = await entry(remote(theOwner.url));
    servers.push(here.io);
    const p = await player(here.url);
    await request(p, 'init', { machineID: MACHINE, token: TOKEN });

    const gone = nextEvent<string>(p, 'disconnect');
    await theOwner.io.close();
    // Not 'io server disconnect', which socket.io's client takes as final.
    expect(await gone).toBe('transport close');
  });

  it('drops the player when the owner cannot be reached', async () => {
    const dead = await listen();
    await dead.io.close();
    const here = await entry(remote(dead.url));
    servers.push(here.io);
    const p = await player(here.url);
    const gone = nextEvent<string>(p, 'disconnect');

    p.emit('init', { machineID: MACHINE, token: TOKEN }, () => {});
    expect(await gone).toBe('transport close');
  });

  it("passes on the owner's own disconnect as the server's", async () => {
    const theOwner = await owner();
    const here = await entry(remote(theOwner.url));
    servers.push(theOwner.io, here.io);
    const p = await player(here.url);
    await request(p, 'init', { machineID: MACHINE, token: TOKEN });

    const gone = nextEvent<string>(p, 'disconnect');
    p.emit('kick');
    expect(await gone).toBe('io server disconnect');
  });

  it("closes the owner's socket when the player disconnects", async () => {
    const theOwner = await owner();
    const here = await entry(remote(theOwner.url));
    servers.push(theOwner.io, here.io);
    const p = await player(here.url);
    await request(p, 'init', { machineID: MACHINE, token: TOKEN });
    const upstream = theOwner.sockets[0]!;
    const gone = nextEvent<string>(upstream, 'disconnect');

    p.disconnect();
    expect(await gone).toBe('client namespace disconnect');
  });

  it('waits out a failover: the init goes through once an owner appears', async () => {
    const theOwner = await owner();
    const started = Date.now();
    const ownerOf = vi.fn(
      async (): Promise<OwnerAnswer> =>
        Date.now() - started < 700 ? null : { local: false, url: theOwner.url },
    );
    const here = await entry(ownerOf, 3000);
    servers.push(theOwner.io, here.io);
    const p = await player(here.url);

    expect(await request(p, 'init', { machineID: MACHINE, token: TOKEN })).toMatchObject({
      code: 20000,
      from: 'owner',
    });
    expect(ownerOf.mock.calls.length).toBeGreaterThan(1);
  });

  it('answers here, as for a machine off line, when no owner appears in time', async () => {
    const ownerOf = vi.fn(async (): Promise<OwnerAnswer> => null);
    const here = await entry(ownerOf, 600);
    servers.push(here.io);
    const p = await player(here.url);

    const started = Date.now();
    const ack = await request(p, 'init', { machineID: MACHINE, token: TOKEN });
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    expect(ack).toMatchObject({ from: 'local' });
    expect(ownerOf.mock.calls.length).toBeGreaterThanOrEqual(2);
    expect(p.connected).toBe(true);
    expect(await request(p, 'press', { button: 'spin' })).toEqual({ code: 20000, from: 'local' });
  });
});
