// The simulation's checkpoints: the database invariants (scripts/proof/invariants.ts), the
// operator's idempotency keys as answered, and — with the server up and quiet after a restart —
// the live machines against the database: each cabinet's credits are its open session's, its
// meters reconcile with the ledger, and no machine shows a seat that no open session holds.
// In a cluster the live checks ask each machine's owner, with every machine owned by a live one.
import type postgres from 'postgres';
import { checkInvariants, floorDifference, type Violation } from '../proof/invariants';
import type { Actors } from './actors';
import { call } from './client';

export async function keyViolations(sql: postgres.Sql, actors: Actors): Promise<Violation[]> {
  const out: Violation[] = [];
  const rows = await sql`
    select idempotency_key, amount from ledger_entries where idempotency_key like 'operator:%'`;
  const posted = new Map(rows.map((r) => [String(r.idempotency_key), Number(r.amount)]));
  for (const [key, rec] of actors.keys) {
    const entry = posted.get(`operator:${rec.direction}:${key}`);
    const subject = `key ${key}`;
    if (rec.applied > 1) {
      out.push({ invariant: 'key', subject, detail: `answered applied ${rec.applied} times` });
    }
    if (rec.applied > 0 && entry === undefined) {
      out.push({
        invariant: 'key',
        subject,
        detail: 'answered applied but no entry',
        cents: -rec.amount,
      });
    }
    const signed = rec.direction === 'deposit' ? rec.amount : -rec.amount;
    if (entry !== undefined && entry !== signed) {
      out.push({ invariant: 'key', subject, detail: `entry of ${entry}, asked ${signed}` });
    }
  }
  return out;
}

interface MetersAnswer {
  meters: { coinIn: number; coinOut: number; handPaid: number; currentCredits: number };
  ledger: { cashIn: number; cashOut: number; handPay: number };
}

/** One machine, live: its credits against its open session's, its meters against the ledger. */
async function liveMachine(
  base: string,
  staffToken: string,
  sql: postgres.Sql,
  machineId: number,
): Promise<Violation[]> {
  const a = await call(base, 'GET', `/staff/machines/${machineId}/meters`, staffToken);
  if (a.status !== 200) {
    return [
      { invariant: 'seat', subject: `machine ${machineId}`, detail: `meters answered ${a.status}` },
    ];
  }
  const { meters, ledger } = a.body as MetersAnswer;
  const [open] = await sql`
    select credits from slot_sessions where machine_id = ${machineId} and status = 'open'`;
  const recorded = Number(open?.credits ?? 0);
  const out: Violation[] = [];
  if (meters.currentCredits !== recorded) {
    out.push({
      invariant: 'session-money',
      subject: `machine ${machineId}`,
      detail: `${meters.currentCredits} credits on the cabinet, ${recorded} on its open session`,
      cents: meters.currentCredits - recorded,
    });
  }
  const ledgerSide = ledger.cashIn - ledger.cashOut - ledger.handPay;
  const machineSide = meters.coinIn - meters.coinOut - meters.handPaid + meters.currentCredits;
  if (ledgerSide !== machineSide) {
    out.push({
      invariant: 'meters',
      subject: `machine ${machineId} (live)`,
      detail: `ledger ${ledgerSide}, cabinet ${machineSide}`,
    });
  }
  return out;
}

/** Seats the lobby shows against the open sessions of the database. */
async function liveSeats(base: string, token: string, sql: postgres.Sql): Promise<Violation[]> {
  const a = await call(base, 'GET', '/machine/all', token);
  if (a.status !== 200) return [];
  const open = new Set(
    (await sql`select machine_id from slot_sessions where status = 'open'`).map((r) =>
      Number(r.machine_id),
    ),
  );
  const out: Violation[] = [];
  for (const m of a.body as Array<{ id: number; status: string }>) {
    const seated = m.status === 'playing' || m.status === 'waiting';
    if (seated && !open.has(m.id)) {
      out.push({
        invariant: 'seat',
        subject: `machine ${m.id}`,
        detail: `${m.status} with no open session`,
      });
    }
    if (m.status === 'available' && open.has(m.id)) {
      out.push({
        invariant: 'seat',
        subject: `machine ${m.id}`,
        detail: 'available with an open session',
      });
    }
  }
  return out;
}

/**
 * Retried for 2.5 s: a grace period ending now moves the cabinet and the session apart briefly,
 * and so does a game in play (its bet is off the cabinet, its row is written at its end). Autoplay
 * goes on while its player is connected, a game of 1.2 s every 1.7 s: the window must span a gap.
 */
async function settledLive(run: () => Promise<Violation[]>): Promise<Violation[]> {
  let found: Violation[] = [];
  for (let attempt = 0; attempt < 10; attempt++) {
    found = await run();
    if (found.length === 0) return found;
    await new Promise((r) => setTimeout(r, 250));
  }
  return found;
}

export interface Checkpoint {
  violations: Violation[];
  /** Σ of the whole floor against what came in and what was played (signed) */
  floor: number;
}

export async function checkpoint(
  sql: postgres.Sql,
  actors: Actors,
  live: { base: string; machines: number[]; owners?: Map<number, string> } | null,
): Promise<Checkpoint> {
  const violations = [...(await checkInvariants(sql)), ...(await keyViolations(sql, actors))];
  if (live) {
    for (const id of live.machines) {
      // In a cluster a simulated cabinet's meters are its owner's copy: asked there.
      const base = live.owners?.get(id) ?? live.base;
      violations.push(...(await settledLive(() => liveMachine(base, actors.staffToken, sql, id))));
    }
    const token = actors.players[0]!.token;
    violations.push(...(await settledLive(() => liveSeats(live.base, token, sql))));
  }
  return { violations, floor: await floorDifference(sql) };
}
