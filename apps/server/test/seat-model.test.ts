// Model-based test of seat ownership: three players with two sockets each on two machines run
// random sequences of init, leave, cancel, drop, idle and grace closes, staff quits, presses,
// touches, transfers, cash-outs and video requests over real sockets. After every step:
// - an input is applied to a machine only when its socket holds that machine's open session;
// - a socket whose session ended hears nothing more of the machine (state, video, info);
// - no player has a video peer connection without a socket holding a seat;
// - each player's money (wallet plus the credits of their own seat) changed only by the games
//   recorded in their own slot sessions: transfers and cash-outs only move it between the two.
// Fixed seeds run in `npm test`; SEAT_MODEL_SEED and SEAT_MODEL_RUNS run others.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { io, type Socket } from 'socket.io-client';
import { describe, expect, it } from 'vitest';
import { slotSessions, slotSpins } from '../src/db/schema';
import { peerConnectionCount } from '../src/modules/gateway/machine-connection';
import { ManualClock } from './manual-clock';
import {
  callAs,
  type DbKind,
  playerRow,
  startListeningServer,
  type TestServer,
  tokenFor,
} from './support';

const PLAYERS = ['demo', 'demo2', 'nomenu'] as const;
const MACHINES = [1, 2] as const;
const SOCKETS_PER_PLAYER = 2;
const IDLE_MS = 60_000;
const GRACE_MS = 120_000;
/** Pushes a socket may hear only while it holds a seat. */
const SEAT_EVENTS = new Set(['machine', 'signal', 'info', 'session']);
/** Landscape points: SPIN, BET+, COLLECT and the reels (no button). AUTO stays out. */
const TOUCH_POINTS = [
  { x: 545 / 640, y: 410 / 480 },
  { x: 159 / 640, y: 414 / 480 },
  { x: 390 / 640, y: 414 / 480 },
  { x: 0.5, y: 0.3 },
];

// biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
type AnyAck = any;

/** One socket slot of a player, as the model sees it. */
interface SlotModel {
  player: number;
  connected: boolean;
  /** the session this socket opened and still holds, as far as the model knows */
  sessionId: number | null;
  machineId: number | null;
}

interface Model {
  slots: SlotModel[];
  /** open session per machine: who holds it */
  seats: Map<number, { sessionId: number; player: number }>;
}

interface Real {
  server: TestServer;
  url: string;
  clock: ManualClock;
  ids: number[];
  tokens: string[];
  staffToken: string;
  sockets: Array<Socket | null>;
  /** every push each slot's current socket heard, in order */
  heard: string[][];
  /** per slot: index into heard from which seat pushes are violations (released), or null */
  quietFrom: Array<number | null>;
  /** inputs the machines applied: one entry per press or touch that reached an agent */
  applied: number[];
  /** per player: wallet + own seat credits − own games' net at the start of the run */
  baseline: number[];
  /** games the machines finished, as they reported them */
  gamesEnded: number;
}

const request = (s: Socket, event: string, payload: unknown = {}): Promise<AnyAck> =>
  s.timeout(5000).emitWithAck(event, payload);

/** Drops the model's bindings to sessions the server no longer has open. */
function syncClosed(m: Model, r: Real): void {
  for (const [machineId, seat] of m.seats) {
    if (!r.server.services.sessions.sessionOf(seat.sessionId)) m.seats.delete(machineId);
  }
  m.slots.forEach((slot, i) => {
    if (slot.sessionId === null) return;
    if (r.server.services.sessions.sessionOf(slot.sessionId)) return;
    slot.sessionId = null;
    slot.machineId = null;
    r.quietFrom[i] = r.heard[i]!.length;
  });
}

/** Whether the slot's socket holds the open session of a machine, by the model. */
const holds = (m: Model, i: number) => {
  const slot = m.slots[i]!;
  if (slot.sessionId === null || slot.machineId === null) return false;
  return m.seats.get(slot.machineId)?.sessionId === slot.sessionId;
};

async function connectSlot(r: Real, i: number): Promise<Socket> {
  const existing = r.sockets[i];
  if (existing?.connected) return existing;
  const s = io(r.url, { transports: ['websocket'], reconnection: false, forceNew: true });
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  r.heard[i] = [];
  r.quietFrom[i] = null;
  s.onAny((event: string) => r.heard[i]!.push(event));
  r.sockets[i] = s;
  return s;
}

/** Balances and the games recorded per player, from the database. */
async function moneyOf(r: Real): Promise<{ wallets: number[]; net: number[]; games: number }> {
  const { services } = r.server;
  const wallets = await Promise.all(r.ids.map((id) => services.ledger.balance(id)));
  const rows = await services.database.db
    .select({
      playerId: slotSessions.playerId,
      net: sql<string>`coalesce(sum(${slotSpins.win} - ${slotSpins.bet}), 0)`,
      games: sql<string>`count(*)`,
    })
    .from(slotSpins)
    .innerJoin(slotSessions, eq(slotSpins.sessionId, slotSessions.id))
    .groupBy(slotSessions.playerId);
  const net = r.ids.map((id) => Number(rows.find((x) => x.playerId === id)?.net ?? 0));
  const games = rows.reduce((sum, x) => sum + Number(x.games), 0);
  return { wallets, net, games };
}

/** Wallet plus credits on the player's own seats, minus their recorded games' net. */
async function ledgerPosition(r: Real): Promise<number[] | null> {
  const { services } = r.server;
  const agents = MACHINES.map((id) => services.floor.agent(id)!);
  // A game in play has taken its bet and not yet been recorded: look again when it is over.
  if (agents.some((a) => a.state().spinning)) return null;
  const ended = r.gamesEnded;
  // Each finished game is written to the database just after it ends.
  let money = await moneyOf(r);
  for (let i = 0; i < 100 && money.games < ended; i++) {
    await new Promise((res) => setTimeout(res, 20));
    money = await moneyOf(r);
  }
  expect(money.games).toBe(ended);
  if (agents.some((a) => a.state().spinning)) return null;
  return r.ids.map((id, p) => {
    let credits = 0;
    for (const machineId of MACHINES) {
      if (services.sessions.sessionOnMachine(machineId)?.playerId === id) {
        credits += services.floor.agent(machineId)!.state().credits;
      }
    }
    return money.wallets[p]! + credits - money.net[p]!;
  });
}

/** After every command: the pushes have arrived, and every invariant holds. */
async function checkInvariants(m: Model, r: Real): Promise<void> {
  // A ping's answer comes after everything the server sent the socket before it.
  await Promise.all(r.sockets.map((s) => (s?.connected ? request(s, 'ping') : null)));
  syncClosed(m, r);
  m.slots.forEach((_slot, i) => {
    const from = r.quietFrom[i];
    if (from === null || holds(m, i)) return;
    const late = r.heard[i]!.slice(from).filter((e) => SEAT_EVENTS.has(e));
    expect(late, `socket ${i} heard its old machine after its seat ended`).toEqual([]);
  });
  r.ids.forEach((id, p) => {
    const holders = m.slots.filter((s, i) => s.player === p && s.connected && holds(m, i)).length;
    expect(peerConnectionCount(id)).toBeLessThanOrEqual(holders);
  });
  const position = await ledgerPosition(r);
  if (position) expect(position).toEqual(r.baseline);
}

type Cmd = fc.AsyncCommand<Model, Real>;

/** An input that only a seat holder may make: applied for the holder, refused for anyone else. */
class InputCommand implements Cmd {
  constructor(
    readonly slot: number,
    readonly kind: 'press' | 'touch' | 'video' | 'transfer' | 'cashout',
    readonly arg: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    // A slot with no socket sends from a fresh one that never sat down.
    const s = await connectSlot(r, this.slot);
    m.slots[this.slot]!.connected = true;
    const holder = holds(m, this.slot);
    const applied = r.applied.length;
    const wallets = await Promise.all(r.ids.map((id) => r.server.services.ledger.balance(id)));
    const ack = await request(s, this.kind, this.payload());
    if (holder) {
      // The holder's input is taken (a transfer may still be refused for want of money).
      if (this.kind !== 'transfer') expect(ack.code, `${this}`).toBe(20000);
      if (this.kind === 'press' || this.kind === 'touch') {
        expect(r.applied.length).toBe(applied + 1);
      }
    } else {
      expect(ack.code, `${this} from a socket without the seat`).not.toBe(20000);
      expect(r.applied.length).toBe(applied);
      const after = await Promise.all(r.ids.map((id) => r.server.services.ledger.balance(id)));
      expect(after).toEqual(wallets);
    }
    await checkInvariants(m, r);
  }
  private payload(): unknown {
    if (this.kind === 'press')
      return { button: (['bet-', 'bet+', 'spin', 'collect'] as const)[this.arg % 4] };
    if (this.kind === 'touch') return TOUCH_POINTS[this.arg % TOUCH_POINTS.length];
    if (this.kind === 'transfer') return { amount: 100 * (1 + (this.arg % 20)) };
    return {};
  }
  toString = () => `${this.kind}(${this.slot}, ${this.arg})`;
}

class InitCommand implements Cmd {
  constructor(
    readonly slot: number,
    readonly machineId: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const slot = m.slots[this.slot]!;
    const s = await connectSlot(r, this.slot);
    slot.connected = true;
    const seat = m.seats.get(this.machineId);
    const ownOther = [...m.seats].some(
      ([id, x]) => x.player === slot.player && id !== this.machineId,
    );
    const ack = await request(s, 'init', {
      machineID: this.machineId,
      token: r.tokens[slot.player]!,
    });
    if (holds(m, this.slot)) {
      // Already seated here: the same session again; elsewhere: refused.
      if (slot.machineId === this.machineId) expect(ack.session?.id).toBe(slot.sessionId);
      else expect(ack.code).toBe(40000);
    } else if (seat && seat.player !== slot.player) {
      expect(ack.code).toBe(40900);
    } else if (ownOther) {
      expect(ack.code).toBe(40925);
    } else {
      expect(ack.code).toBe(20000);
      if (seat) expect(ack.session.id).toBe(seat.sessionId);
      m.seats.set(this.machineId, { sessionId: ack.session.id, player: slot.player });
      slot.sessionId = ack.session.id;
      slot.machineId = this.machineId;
      r.quietFrom[this.slot] = null;
    }
    await checkInvariants(m, r);
  }
  toString = () => `init(${this.slot}, machine ${this.machineId})`;
}

class LeaveCommand implements Cmd {
  constructor(readonly slot: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const s = r.sockets[this.slot];
    if (!s?.connected) return;
    const holder = holds(m, this.slot);
    const ack = await request(s, 'leave');
    if (holder) {
      expect(ack.code).toBe(20000);
      const slot = m.slots[this.slot]!;
      expect(r.server.services.sessions.sessionOf(slot.sessionId!)).toBeNull();
    } else {
      expect(ack.code).not.toBe(20000);
    }
    await checkInvariants(m, r);
  }
  toString = () => `leave(${this.slot})`;
}

/** POST /player/cancel: closes the player's session on the machine, if they hold it. */
class CancelCommand implements Cmd {
  constructor(
    readonly player: number,
    readonly machineId: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const held = m.seats.get(this.machineId)?.player === this.player;
    const res = await callAs(r.server, r.tokens[this.player]!, 'POST', '/player/cancel', {
      machineId: this.machineId,
    });
    expect(res.status).toBe(held ? 200 : 409);
    await checkInvariants(m, r);
  }
  toString = () => `cancel(player ${this.player}, machine ${this.machineId})`;
}

/** Staff remove whoever sits at the machine (QUIT_REQUEST). */
class StaffQuitCommand implements Cmd {
  constructor(readonly machineId: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const held = m.seats.has(this.machineId);
    const res = await callAs(r.server, r.staffToken, 'POST', '/staff/quit-session', {
      machineId: this.machineId,
    });
    expect(res.status).toBe(held ? 200 : 404);
    await checkInvariants(m, r);
  }
  toString = () => `staff-quit(machine ${this.machineId})`;
}

/** The socket's connection drops (closed tab, lost network); the seat waits out its grace. */
class DropCommand implements Cmd {
  constructor(readonly slot: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    const s = r.sockets[this.slot];
    if (!s?.connected) return;
    const id = s.id!;
    const gone = new Promise<void>((resolve) => s.once('disconnect', () => resolve()));
    s.disconnect();
    await gone;
    const slot = m.slots[this.slot]!;
    slot.connected = false;
    slot.sessionId = null;
    slot.machineId = null;
    // The server has seen the socket go once its namespace no longer has it: socket.io removes it
    // there just before the disconnect handler (which detaches the seat) runs, in the same turn.
    const machineSockets = r.server.services.io.of('/machine').sockets;
    for (let i = 0; machineSockets.has(id); i++) {
      if (i === 1000) throw new Error(`the server never saw socket ${this.slot} go`);
      await new Promise((res) => setImmediate(res));
    }
    await checkInvariants(m, r);
  }
  toString = () => `drop(${this.slot})`;
}

/** Time passes: idle countdowns and grace periods may run out and close seats. */
class ClockCommand implements Cmd {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(m: Model, r: Real): Promise<void> {
    await r.clock.advance(this.ms);
    // A close the clock made due runs in its machine's queue (a game in play finishes first):
    // wait for what the queues hold now, and for nothing when the clock closed no seat.
    const { sessions } = r.server.services;
    await Promise.all(MACHINES.map((id) => sessions.queue.idle(id)));
    await checkInvariants(m, r);
  }
  toString = () => `clock(+${this.ms} ms)`;
}

const slotArb = fc.nat(PLAYERS.length * SOCKETS_PER_PLAYER - 1);
const machineArb = fc.constantFrom(...MACHINES);
const commandArbs = [
  fc.tuple(slotArb, machineArb).map(([s, id]) => new InitCommand(s, id)),
  fc.tuple(slotArb, machineArb).map(([s, id]) => new InitCommand(s, id)),
  slotArb.map((s) => new LeaveCommand(s)),
  fc.tuple(fc.nat(PLAYERS.length - 1), machineArb).map(([p, id]) => new CancelCommand(p, id)),
  machineArb.map((id) => new StaffQuitCommand(id)),
  slotArb.map((s) => new DropCommand(s)),
  fc.constantFrom(30_000, IDLE_MS + 11_000, GRACE_MS + 1_000).map((ms) => new ClockCommand(ms)),
  ...(['press', 'press', 'touch', 'video', 'transfer', 'transfer', 'cashout'] as const).map(
    (kind) => fc.tuple(slotArb, fc.nat(99)).map(([s, n]) => new InputCommand(s, kind, n)),
  ),
];

/** Seats left by the previous run are closed, sockets dropped, and money counted afresh. */
async function freshWorld(r: Real): Promise<Model> {
  for (const s of r.sockets) s?.disconnect();
  r.sockets.fill(null);
  for (const id of MACHINES) {
    const agent = r.server.services.floor.agent(id)!;
    for (let i = 0; i < 100 && agent.state().spinning; i++) {
      await new Promise((res) => setTimeout(res, 20));
    }
    const open = r.server.services.sessions.sessionOnMachine(id);
    if (open) await r.server.services.sessions.close(open.id, 'quit');
  }
  const position = await ledgerPosition(r);
  if (!position) throw new Error('a machine is still spinning');
  r.baseline = position;
  return {
    slots: PLAYERS.flatMap((_, p) =>
      Array.from({ length: SOCKETS_PER_PLAYER }, () => ({
        player: p,
        connected: false,
        sessionId: null,
        machineId: null,
      })),
    ),
    seats: new Map(),
  };
}

async function runModel(kind: DbKind, seeds: number[], numRuns: number): Promise<void> {
  const clock = new ManualClock();
  const { server, url } = await startListeningServer(
    kind,
    {
      SESSION_IDLE_MS: String(IDLE_MS),
      SESSION_GRACE_MS: String(GRACE_MS),
      SIGNAL_RATE_PER_SECOND: '10000',
      VIDEO_START_TIMEOUT_MS: '600000',
      JACKPOT_CONTRIBUTION: '0',
      HAND_PAY_LIMIT: '100000000',
    },
    { clock },
  );
  const ids = await Promise.all(PLAYERS.map(async (u) => (await playerRow(server, u)).id));
  const r: Real = {
    server,
    url,
    clock,
    ids,
    tokens: await Promise.all(PLAYERS.map((u) => tokenFor(server, u))),
    staffToken: await tokenFor(server, 'staff'),
    sockets: new Array(PLAYERS.length * SOCKETS_PER_PLAYER).fill(null),
    heard: PLAYERS.flatMap(() => Array.from({ length: SOCKETS_PER_PLAYER }, () => [])),
    quietFrom: new Array(PLAYERS.length * SOCKETS_PER_PLAYER).fill(null),
    applied: [],
    baseline: [],
    gamesEnded: 0,
  };
  // The machines themselves report what reached them: the real agents, watched, not replaced.
  for (const id of MACHINES) {
    const agent = server.services.floor.agent(id)!;
    const press = agent.press.bind(agent);
    const touch = agent.touch.bind(agent);
    agent.press = (button) => {
      r.applied.push(id);
      return press(button);
    };
    agent.touch = (x, y) => {
      r.applied.push(id);
      return touch(x, y);
    };
    agent.on('game-ended', () => {
      r.gamesEnded++;
    });
  }
  try {
    for (const seed of seeds) {
      await fc.assert(
        fc.asyncProperty(
          fc.commands(commandArbs, { maxCommands: 40, size: 'max' }),
          async (cmds) => {
            const model = await freshWorld(r);
            await fc.asyncModelRun(() => ({ model, real: r }), cmds);
            if (process.env.SEAT_MODEL_VERBOSE) console.log(`${cmds}`);
            // The last word: with every game over, the money adds up.
            for (let i = 0; i < 100 && (await ledgerPosition(r)) === null; i++) {
              await new Promise((res) => setTimeout(res, 50));
            }
            expect(await ledgerPosition(r)).toEqual(r.baseline);
          },
        ),
        { seed, numRuns, endOnFailure: true },
      );
    }
  } finally {
    for (const s of r.sockets) s?.disconnect();
    await server.close();
  }
}

const envSeed = process.env.SEAT_MODEL_SEED ? [Number(process.env.SEAT_MODEL_SEED)] : null;
const envRuns = process.env.SEAT_MODEL_RUNS ? Number(process.env.SEAT_MODEL_RUNS) : null;

describe('seat ownership, model-based', () => {
  it('holds on PGlite for the fixed seeds', async () => {
    await runModel('pglite', envSeed ?? [20261126, 42, 7], envRuns ?? 4);
  }, 240_000);
  it('holds on PostgreSQL for a fixed seed', async () => {
    await runModel('postgres', envSeed ?? [1014], envRuns ?? 3);
  }, 240_000);
});
