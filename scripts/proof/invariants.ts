// The money invariants, checked straight on the database (PostgreSQL, through postgres.js), for the
// proofs under crashes, hostile input and load (sim:money, the fuzz suite): one snapshot
// (REPEATABLE READ), so a check made while a server runs sees one committed state.
//   wallet         each wallet equals the sum of its ledger entries, and every balance_after is
//                  the running sum of the player's entries
//   negative       no balance and no balance_after below zero
//   key            no idempotency key applied twice
//   session-money  every credit on a machine belongs to an open session or went back to its
//                  wallet: per slot session, credits + pending hand pay + cashed out (Cash Out,
//                  Hand Pay) = cashed in + Σ(win − bet) of its games; a closed one holds nothing
//   meters         every machine's saved meters reconcile with the ledger: Cash In − Cash Out −
//                  Hand Pay = coin in − coin out − hand paid + the credits of its open session
//   seat           no open session on a missing or disabled machine
// `cents` on a violation is signed: > 0 money that appeared from nowhere, < 0 money that vanished.
import type { Sql } from 'postgres';

export type InvariantName = 'wallet' | 'negative' | 'key' | 'session-money' | 'meters' | 'seat';

export interface Violation {
  invariant: InvariantName;
  /** what it is about: `player 12`, `session 40`, `machine 3`, `key operator:deposit:…` */
  subject: string;
  detail: string;
  /** the signed money discrepancy, when the invariant is about an amount */
  cents?: number;
}

/** Money appeared (> 0) and vanished (< 0), summed over the violations that carry an amount. */
export function centsOf(violations: Violation[]): { lost: number; created: number } {
  let lost = 0;
  let created = 0;
  for (const v of violations) {
    if (!v.cents) continue;
    if (v.cents > 0) created += v.cents;
    else lost -= v.cents;
  }
  return { lost, created };
}

const n = (v: unknown) => Number(v ?? 0);

export async function checkInvariants(sql: Sql): Promise<Violation[]> {
  return sql.begin('isolation level repeatable read read only', async (tx) => {
    const q = tx as unknown as Sql;
    return [
      ...(await wallets(q)),
      ...(await negatives(q)),
      ...(await keys(q)),
      ...(await sessionMoney(q)),
      ...(await meters(q)),
      ...(await seats(q)),
    ];
  }) as Promise<Violation[]>;
}

async function wallets(sql: Sql): Promise<Violation[]> {
  const out: Violation[] = [];
  const rows = await sql`
    select p.id, p.balance, coalesce(sum(e.amount), 0) as total
    from players p left join ledger_entries e on e.player_id = p.id
    group by p.id having p.balance <> coalesce(sum(e.amount), 0)`;
  for (const r of rows) {
    out.push({
      invariant: 'wallet',
      subject: `player ${r.id}`,
      detail: `balance ${r.balance} but its entries sum to ${r.total}`,
      cents: n(r.balance) - n(r.total),
    });
  }
  const chain = await sql`
    select id, player_id, balance_after, running from (
      select id, player_id, balance_after,
        sum(amount) over (partition by player_id order by id) as running
      from ledger_entries) t
    where balance_after <> running limit 20`;
  for (const r of chain) {
    out.push({
      invariant: 'wallet',
      subject: `player ${r.player_id}`,
      detail: `entry ${r.id} has balance_after ${r.balance_after}, the running sum is ${r.running}`,
    });
  }
  return out;
}

async function negatives(sql: Sql): Promise<Violation[]> {
  const rows = await sql`
    select 'player' as kind, id, balance as value from players where balance < 0
    union all
    select 'entry', id, balance_after from ledger_entries where balance_after < 0`;
  return rows.map((r) => ({
    invariant: 'negative' as const,
    subject: `${r.kind} ${r.id}`,
    detail: `${r.kind === 'player' ? 'balance' : 'balance_after'} ${r.value}`,
  }));
}

async function keys(sql: Sql): Promise<Violation[]> {
  const rows = await sql`
    select idempotency_key, count(*) as times from ledger_entries
    group by idempotency_key having count(*) > 1`;
  return rows.map((r) => ({
    invariant: 'key' as const,
    subject: `key ${r.idempotency_key}`,
    detail: `applied ${r.times} times`,
  }));
}

async function sessionMoney(sql: Sql): Promise<Violation[]> {
  const rows = await sql`
    select s.id, s.status, s.credits, s.hand_pay,
      coalesce(l.moved_in, 0) as moved_in, coalesce(l.moved_out, 0) as moved_out,
      coalesce(g.net, 0) as net
    from slot_sessions s
    left join (
      select session_id,
        -sum(amount) filter (where type = 3) as moved_in,
        sum(amount) filter (where type in (4, 5)) as moved_out
      from ledger_entries where session_id is not null group by session_id
    ) l on l.session_id = s.id
    left join (
      select session_id, sum(win - bet) as net from slot_spins group by session_id
    ) g on g.session_id = s.id`;
  const out: Violation[] = [];
  for (const r of rows) {
    const held = n(r.credits) + n(r.hand_pay);
    const cents = held + n(r.moved_out) - n(r.moved_in) - n(r.net);
    if (cents !== 0) {
      out.push({
        invariant: 'session-money',
        subject: `session ${r.id}`,
        detail: `${r.status}: credits ${r.credits} + hand pay ${r.hand_pay} + out ${r.moved_out} ≠ in ${r.moved_in} + games ${r.net}`,
        cents,
      });
    }
    if (r.status !== 'open' && held !== 0) {
      out.push({
        invariant: 'session-money',
        subject: `session ${r.id}`,
        detail: `closed with credits ${r.credits} and hand pay ${r.hand_pay} on the machine`,
      });
    }
  }
  return out;
}

async function meters(sql: Sql): Promise<Violation[]> {
  const rows = await sql`
    select m.id,
      coalesce(mm.coin_in, 0) - coalesce(mm.coin_out, 0) - coalesce(mm.hand_paid, 0)
        + coalesce(s.credits, 0) as machine_side,
      coalesce(l.net_in, 0) as ledger_side
    from machines m
    left join machine_meters mm on mm.machine_id = m.id
    left join slot_sessions s on s.machine_id = m.id and s.status = 'open'
    left join (
      select machine_id, -sum(amount) filter (where type in (3, 4, 5)) as net_in
      from ledger_entries where machine_id is not null group by machine_id
    ) l on l.machine_id = m.id`;
  return rows
    .filter((r) => n(r.machine_side) !== n(r.ledger_side))
    .map((r) => ({
      invariant: 'meters' as const,
      subject: `machine ${r.id}`,
      detail: `Cash In − Cash Out − Hand Pay = ${r.ledger_side}, coin in − coin out − hand paid + credits = ${r.machine_side}`,
    }));
}

async function seats(sql: Sql): Promise<Violation[]> {
  const rows = await sql`
    select s.id, s.machine_id from slot_sessions s left join machines m on m.id = s.machine_id
    where s.status = 'open' and (m.id is null or not m.enabled)`;
  return rows.map((r) => ({
    invariant: 'seat' as const,
    subject: `session ${r.id}`,
    detail: `open on machine ${r.machine_id}, which is missing or disabled`,
  }));
}

/**
 * The whole floor's money: Σ wallets + credits and pending hand pays on open sessions against
 * Σ deposits (seed, operator, discount, bonus) − withdrawals + Σ(win − bet) of every game +
 * jackpots. Signed: > 0 created, < 0 lost. Zero whenever the per-session and wallet invariants
 * hold; a second, independent sum.
 */
export async function floorDifference(sql: Sql): Promise<number> {
  const [r] = await sql`
    select
      (select coalesce(sum(balance), 0) from players)
      + (select coalesce(sum(credits + hand_pay), 0) from slot_sessions where status = 'open')
      - (select coalesce(sum(amount), 0) from ledger_entries where type in (1, 2, 6))
      - (select coalesce(sum(win - bet), 0) from slot_spins) as difference`;
  return n(r?.difference);
}
