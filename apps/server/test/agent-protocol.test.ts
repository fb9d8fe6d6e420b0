// The agent protocol's door (/agent): only a registered, unrevoked agent with its own secret and
// a protocol version the server speaks gets in; it speaks only for the machines assigned to it;
// malformed messages, other cabinets and floods are refused and change nothing; a second
// connection of the same agent replaces the first. Real sockets against a listening server.
import { AGENT_PROTOCOL_VERSION } from '@reelcast/protocol/agent';
import { zeroMeters } from '@reelcast/protocol/floor';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { players } from '../src/db/schema';
import { floorOfSize } from './floor-of-size';
import { callAs, startListeningServer, type TestServer, tokenFor } from './support';

let server: TestServer;
let base: string;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  const started = await startListeningServer('pglite', { FLOOR_FILE: floorOfSize(60) });
  server = started.server;
  base = started.url.replace(/\/machine$/, '');
  // The demo has no admin: the floor's staff member is made one, as an operator would.
  await server.services.database.db
    .update(players)
    .set({ role: 'admin' })
    .where(eq(players.username, 'staff'));
  admin = await tokenFor(server, 'staff');
});

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await server.close();
});

const cabinet = (machineId: number) => ({
  machineId,
  game: 'classic',
  state: { status: 'idle', credits: 0, bet: 100, win: 0, spinning: false, autoplay: false },
  meters: zeroMeters,
  pendingHandPay: null,
  epoch: 'test-epoch-0001',
  money: [],
  unrecorded: 0,
});

async function addAgent(id: string, machines: number[]): Promise<string> {
  const res = await callAs(server, admin, 'POST', '/staff/agents', { id, machines });
  expect(res.status).toBe(200);
  return res.body.secret;
}

/** Connects as an agent: resolves with the socket once in, or with the refusal's body. */
function connectAgent(auth: unknown): Promise<{ socket: Socket } | { refused: { code: number } }> {
  const socket = io(`${base}/agent`, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: auth as Record<string, unknown>,
  });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket }));
    socket.once('connect_error', (err: Error & { data?: { code: number } }) =>
      resolve({ refused: err.data ?? { code: -1 } }),
    );
  });
}

async function connected(auth: unknown): Promise<Socket> {
  const c = await connectAgent(auth);
  if (!('socket' in c)) throw new Error(`refused ${c.refused.code}`);
  return c.socket;
}

const ack = (s: Socket, event: string, payload: unknown) =>
  s.timeout(5000).emitWithAck(event, payload) as Promise<{ code: number; [k: string]: unknown }>;

const health = async () => (await server.app.inject({ method: 'GET', url: '/healthz' })).json();

describe('the agent protocol', () => {
  it('refuses an unknown agent, a wrong secret, a version it does not speak and a bad handshake', async () => {
    const secret = await addAgent('box-a', [1, 2]);
    const version = AGENT_PROTOCOL_VERSION;
    const refusedWith = async (auth: unknown) => {
      const c = await connectAgent(auth);
      return 'refused' in c ? c.refused.code : 'connected';
    };
    expect(await refusedWith({ agentId: 'box-nobody', secret, version })).toBe(40100);
    expect(await refusedWith({ agentId: 'box-a', secret: `${secret}x`, version })).toBe(40100);
    expect(await refusedWith({ agentId: 'box-a', secret, version: version + 1 })).toBe(40000);
    expect(await refusedWith({ agentId: 'BOX A', secret })).toBe(40000);
    expect(await refusedWith({ agentId: 'box-a', secret, version })).toBe('connected');
  });

  it('speaks only for its own cabinets; malformed and foreign messages change nothing', async () => {
    const secret = await addAgent('box-b', [3, 4]);
    const s = await connected({ agentId: 'box-b', secret, version: AGENT_PROTOCOL_VERSION });
    // Before its hello an agent speaks for nothing.
    const early = await ack(s, 'heartbeat', { at: 1 });
    expect(early.code).toBe(40000);
    const hello = await ack(s, 'hello', {
      pid: 4242,
      software: 'test',
      cabinets: [cabinet(3), cabinet(4), cabinet(9)],
    });
    expect(hello).toMatchObject({ code: 20000, accepted: [3, 4], refused: [9] });
    expect((await health()).agents).toContainEqual(
      expect.objectContaining({ id: 'box-b', pid: 4242, cabinets: [3, 4] }),
    );

    const state = { type: 'state', state: cabinet(9).state };
    expect((await ack(s, 'event', { machineId: 9, seq: 1, event: state })).code).toBe(40300);
    expect((await ack(s, 'event', { machineId: 3, seq: 1, event: { type: 'nope' } })).code).toBe(
      40000,
    );
    expect((await ack(s, 'meters', { machineId: 3, meters: { coinIn: -1 } })).code).toBe(40000);
    expect((await ack(s, 'event', { machineId: 3, seq: 1, event: state })).code).toBe(20000);
    // Still connected and still the same agent after all of it.
    expect(s.connected).toBe(true);
  });

  it('a flood is refused, answered and logged, and the agent stays connected', async () => {
    const secret = await addAgent('box-c', [5]);
    const s = await connected({ agentId: 'box-c', secret, version: AGENT_PROTOCOL_VERSION });
    await ack(s, 'hello', { pid: 1, software: 'test', cabinets: [cabinet(5)] });
    const answers = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => ack(s, 'heartbeat', { at: i })),
    );
    const codes = new Set(answers.map((a) => a.code));
    expect(codes).toEqual(new Set([20000, 42900]));
    expect(s.connected).toBe(true);
  });

  it("an agent of many cabinets has each cabinet's share: 50 cabinets' events at once all land", async () => {
    // One budget of 200 a second for a whole agent refused the events of a 200-cabinet floor
    // under load: a refused game's end is a game the server never records (bench:load).
    const ids = Array.from({ length: 50 }, (_, i) => 11 + i);
    const secret = await addAgent('box-f', ids);
    const s = await connected({ agentId: 'box-f', secret, version: AGENT_PROTOCOL_VERSION });
    const hello = await ack(s, 'hello', { pid: 3, software: 'test', cabinets: ids.map(cabinet) });
    expect(hello).toMatchObject({ code: 20000, accepted: ids });
    const answers = await Promise.all(
      ids.flatMap((machineId) =>
        Array.from({ length: 15 }, (_, i) =>
          ack(s, 'event', { machineId, seq: i + 1, event: { type: 'cashoutButton' } }),
        ),
      ),
    );
    expect(answers.filter((a) => a.code !== 20000)).toEqual([]);
  });

  it('a second connection of the same agent replaces the first; a revoked agent is out', async () => {
    const secret = await addAgent('box-d', [6]);
    const auth = { agentId: 'box-d', secret, version: AGENT_PROTOCOL_VERSION };
    const first = await connected(auth);
    const firstGone = new Promise<string>((resolve) => first.on('disconnect', resolve));
    const second = await connected(auth);
    await firstGone;
    await ack(second, 'hello', { pid: 2, software: 'test', cabinets: [cabinet(6)] });
    expect((await health()).agents.filter((a: { id: string }) => a.id === 'box-d')).toHaveLength(1);

    // A floor member who is not an admin cannot revoke; an admin can, and it takes effect now.
    const player = await tokenFor(server, 'demo');
    expect(
      (await callAs(server, player, 'POST', '/staff/agents/revoke', { id: 'box-d' })).status,
    ).toBe(403);
    const secondGone = new Promise<string>((resolve) => second.on('disconnect', resolve));
    expect(
      (await callAs(server, admin, 'POST', '/staff/agents/revoke', { id: 'box-d' })).status,
    ).toBe(200);
    await secondGone;
    // Refused as unknown once the handshake limit (2 failures a second from an address, which
    // the first test spent) lets it be tried at all.
    const refusedWith = async () => {
      const c = await connectAgent(auth);
      return 'refused' in c ? c.refused.code : 'connected';
    };
    await expect.poll(refusedWith, { timeout: 10_000 }).toBe(40100);
    expect((await health()).agents.map((a: { id: string }) => a.id)).not.toContain('box-d');
  });

  it('agents are added by admins only, for machines that exist, once per id', async () => {
    const staffOnly = await tokenFor(server, 'demo');
    expect(
      (await callAs(server, staffOnly, 'POST', '/staff/agents', { id: 'box-e', machines: [] }))
        .status,
    ).toBe(403);
    expect(
      (await callAs(server, admin, 'POST', '/staff/agents', { id: 'box-e', machines: [99999] }))
        .status,
    ).toBe(404);
    await addAgent('box-e', []);
    expect(
      (await callAs(server, admin, 'POST', '/staff/agents', { id: 'box-e', machines: [] })).status,
    ).toBe(409);
  });
});
