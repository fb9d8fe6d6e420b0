// The simulation's script: N operations drawn from the seed alone, never from the server's
// answers, so the same seed replays the same sequence. The planner keeps its own model of who
// should be seated where (what a player means to do); the server may still refuse a step (the
// machine is busy, faulted, locked for a hand pay), and that is part of the test.
import { Rng } from './rng';

export type KillPoint = 'transfer' | 'spin' | 'cashout' | 'claim' | 'handpay' | 'operator';
export const killPoints: KillPoint[] = [
  'transfer',
  'spin',
  'cashout',
  'claim',
  'handpay',
  'operator',
];

export type Op = (
  | { kind: 'signin'; player: number }
  | { kind: 'join'; player: number; machine: number }
  | { kind: 'transfer'; player: number; amount: number; requestId: string; retry: boolean }
  | { kind: 'spin'; player: number; bet: 'bet+' | 'bet-' | null }
  | { kind: 'auto'; player: number }
  | { kind: 'cashout'; player: number }
  | { kind: 'leave'; player: number }
  | { kind: 'drop'; player: number }
  | { kind: 'rejoin'; player: number; afterGrace: boolean }
  | { kind: 'cancel'; player: number }
  | { kind: 'claim'; player: number; claim: 'discount' | 'bonus' }
  | { kind: 'reserve'; player: number; machine: number }
  | { kind: 'release'; player: number }
  | {
      kind: 'operator';
      player: number;
      direction: 'deposit' | 'withdraw';
      amount: number;
      key: string;
      retry: boolean;
    }
  | { kind: 'quit'; machine: number }
  | { kind: 'fault'; machine: number; fault: 'door' | 'tilt' | 'offline'; active: boolean }
  | { kind: 'handpay'; pick: number }
) & {
  step: number;
  /** SIGKILL the server this long after the request is sent, before its answer is awaited */
  kill?: { point: KillPoint; delayMs: number };
};

type PlayerPlan = { seat: number | null; dropped: boolean };

export interface PlanOptions {
  seed: number;
  ops: number;
  kills: number;
  players: number;
  machines: number[];
}

/** Kill steps spread over the run (distinct, in order), each with the point it interrupts. */
function killSteps(rng: Rng, o: PlanOptions): Map<number, KillPoint> {
  const out = new Map<number, KillPoint>();
  if (o.kills === 0) return out;
  const span = o.ops / o.kills;
  for (let k = 0; k < o.kills; k++) {
    const step = Math.floor(k * span + span * (0.2 + 0.6 * rng.float()));
    out.set(
      Math.min(o.ops - 1, step),
      killPoints[(k + rng.int(killPoints.length)) % killPoints.length]!,
    );
  }
  return out;
}

export function makePlan(o: PlanOptions): Op[] {
  const rng = new Rng(o.seed);
  const kills = killSteps(rng, o);
  const planner = new Planner(rng, o);
  const ops: Op[] = [];
  for (let step = 0; step < o.ops; step++) {
    const point = kills.get(step);
    const op = point ? planner.forced(step, point) : planner.next(step);
    if (point) {
      // A spin is interrupted around the end of its game (1.2 s), where its record is written.
      const delayMs = point === 'spin' ? rng.between(900, 1500) : rng.between(0, 25);
      op.kill = { point, delayMs };
      planner.afterKill();
    }
    ops.push(op);
  }
  return ops;
}

/** A short fingerprint of the plan, printed so two runs can be seen to replay the same one. */
export function planDigest(ops: Op[]): string {
  let h = 0x811c9dc5;
  const text = JSON.stringify(ops);
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

class Planner {
  private readonly players: PlayerPlan[];
  private readonly occupant = new Map<number, number>();
  private readonly keys: Array<Extract<Op, { kind: 'operator' }>> = [];
  private serial = 0;

  constructor(
    private readonly rng: Rng,
    private readonly o: PlanOptions,
  ) {
    this.players = Array.from({ length: o.players }, () => ({ seat: null, dropped: false }));
  }

  next(step: number): Op {
    if (this.rng.chance(0.12)) return this.staff(step);
    const player = this.rng.int(this.o.players);
    const p = this.players[player]!;
    if (p.seat !== null && !p.dropped) return this.seated(step, player);
    if (p.seat !== null) return this.dropped(step, player);
    return this.lobby(step, player);
  }

  /** The operation a kill interrupts. */
  forced(step: number, point: KillPoint): Op {
    if (point === 'handpay') return { step, kind: 'handpay', pick: this.rng.int(16) };
    if (point === 'operator') return this.operator(step, this.rng.int(this.o.players));
    if (point === 'claim') {
      const player = this.rng.int(this.o.players);
      return { step, kind: 'claim', player, claim: this.rng.pick(['discount', 'bonus'] as const) };
    }
    const seated = this.players.flatMap((p, i) => (p.seat !== null && !p.dropped ? [i] : []));
    const player = seated.length > 0 ? this.rng.pick(seated) : this.rng.int(this.o.players);
    if (point === 'transfer') return this.transfer(step, player);
    if (point === 'spin') return { step, kind: 'spin', player, bet: null };
    return { step, kind: 'cashout', player };
  }

  /** Every socket is gone with the server: seated players are now players who dropped. */
  afterKill(): void {
    for (const p of this.players) if (p.seat !== null) p.dropped = true;
  }

  private seated(step: number, player: number): Op {
    const what = this.rng.weighted({
      transfer: 20,
      spin: 45,
      auto: 2,
      cashout: 8,
      leave: 8,
      drop: 7,
    });
    if (what === 'transfer') return this.transfer(step, player);
    if (what === 'spin') {
      const bet = this.rng.chance(0.2) ? this.rng.pick(['bet+', 'bet-'] as const) : null;
      return { step, kind: 'spin', player, bet };
    }
    if (what === 'leave') this.unseat(player);
    if (what === 'drop') this.players[player]!.dropped = true;
    return { step, kind: what, player };
  }

  private dropped(step: number, player: number): Op {
    const what = this.rng.weighted({ rejoin: 75, cancel: 15, join: 10 });
    if (what === 'rejoin') {
      this.players[player]!.dropped = false;
      return { step, kind: 'rejoin', player, afterGrace: this.rng.chance(0.35) };
    }
    if (what === 'cancel') {
      this.unseat(player);
      return { step, kind: 'cancel', player };
    }
    // Another machine while the first is held: refused (one seat per player) until grace ends.
    return { step, kind: 'join', player, machine: this.rng.pick(this.o.machines) };
  }

  private lobby(step: number, player: number): Op {
    const what = this.rng.weighted({
      join: 60,
      claim: 14,
      reserve: 8,
      release: 4,
      signin: 6,
      cancel: 3,
    });
    if (what === 'join' || what === 'reserve') {
      const free = this.o.machines.filter((m) => !this.occupant.has(m));
      // Now and then a machine someone holds: the busy answer is part of the floor.
      const machine =
        free.length > 0 && !this.rng.chance(0.1)
          ? this.rng.pick(free)
          : this.rng.pick(this.o.machines);
      if (what === 'join' && !this.occupant.has(machine)) {
        this.occupant.set(machine, player);
        this.players[player] = { seat: machine, dropped: false };
      }
      return { step, kind: what, player, machine };
    }
    if (what === 'claim') {
      return { step, kind: 'claim', player, claim: this.rng.pick(['discount', 'bonus'] as const) };
    }
    return { step, kind: what, player };
  }

  private staff(step: number): Op {
    const what = this.rng.weighted({ operator: 35, handpay: 30, fault: 20, quit: 15 });
    if (what === 'operator') {
      // A key used before, sent again: an operator's retry after a lost answer.
      if (this.keys.length > 0 && this.rng.chance(0.2)) {
        // Without the earlier step's kill: a retry is an operator call, not a crash.
        const { kill: _, ...prior } = this.rng.pick(this.keys);
        return { ...prior, step, retry: false };
      }
      return this.operator(step, this.rng.int(this.o.players));
    }
    if (what === 'handpay') return { step, kind: 'handpay', pick: this.rng.int(16) };
    const machine = this.rng.pick(this.o.machines);
    if (what === 'quit') {
      const player = this.occupant.get(machine);
      if (player !== undefined) this.unseat(player);
      return { step, kind: 'quit', machine };
    }
    const fault = this.rng.pick(['door', 'tilt', 'offline'] as const);
    return { step, kind: 'fault', machine, fault, active: this.rng.chance(0.5) };
  }

  private transfer(step: number, player: number): Op {
    const amount = this.rng.pick([100, 250, 500, 1000, 2000, 5000]);
    const requestId = `sim-${this.o.seed}-${step}`;
    return { step, kind: 'transfer', player, amount, requestId, retry: this.rng.chance(0.15) };
  }

  private operator(step: number, player: number): Extract<Op, { kind: 'operator' }> {
    const direction: 'deposit' | 'withdraw' = this.rng.chance(0.65) ? 'deposit' : 'withdraw';
    const amount =
      direction === 'deposit' ? this.rng.between(10, 300) * 100 : this.rng.between(5, 150) * 100;
    const key = `sim-${this.o.seed}-op-${this.serial++}`;
    const op = {
      step,
      kind: 'operator' as const,
      player,
      direction,
      amount,
      key,
      retry: this.rng.chance(0.25),
    };
    this.keys.push(op);
    return op;
  }

  private unseat(player: number): void {
    const seat = this.players[player]!.seat;
    if (seat !== null && this.occupant.get(seat) === player) this.occupant.delete(seat);
    this.players[player] = { seat: null, dropped: false };
  }
}
