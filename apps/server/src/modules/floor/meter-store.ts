// Mirrors each machine's SAS meters into machine_meters, so a restart carries them on like a
// cabinet's NVRAM and they keep reconciling with the ledger. The slot sessions write the meters in
// the same transaction as the credits they record (record()); any other change is written at most
// once per COALESCE_MS (a burst of changes is one write), and flush() writes what is left on
// shutdown. Writes for one machine commit in the order the snapshots were taken.
import type { MachineMeters } from '@reelcast/protocol/floor';
import { TransactionType } from '@reelcast/protocol/transactions';
import { eq, sql } from 'drizzle-orm';
import type { Db, Runner, Tx } from '../../db/client';
import { ledgerEntries, machineMeters } from '../../db/schema';
import type { MachineAgent } from './agent';
import type { Floor } from './floor';
import { SimulatedAgent } from './simulated-agent';

/** The counted meters a machine starts from after a restart (the credit meter is the session's). */
export type SavedMeters = Omit<MachineMeters, 'currentCredits'>;

const COALESCE_MS = 1_000;

const toMeters = (row: typeof machineMeters.$inferSelect): MachineMeters => ({
  coinIn: row.coinIn,
  coinOut: row.coinOut,
  jackpot: row.jackpot,
  handPaid: row.handPaid,
  currentCredits: row.currentCredits,
  gamesPlayed: row.gamesPlayed,
  gamesWon: row.gamesWon,
  transferredIn: row.transferredIn,
  transferredOut: row.transferredOut,
  progressive: row.progressive,
});

export const meterRepository = {
  /** Each machine's saved counted meters, to start its cabinet from. */
  async all(tx: Runner): Promise<Map<number, SavedMeters>> {
    const rows = await tx.select().from(machineMeters);
    return new Map(
      rows.map((r) => {
        const { currentCredits: _, ...counted } = toMeters(r);
        return [r.machineId, counted];
      }),
    );
  },

  async byMachine(tx: Runner, machineId: number): Promise<MachineMeters | null> {
    const rows = await tx
      .select()
      .from(machineMeters)
      .where(eq(machineMeters.machineId, machineId));
    return rows[0] ? toMeters(rows[0]) : null;
  },

  async save(tx: Runner, machineId: number, meters: MachineMeters): Promise<void> {
    const values = { ...meters, updatedAt: new Date() };
    await tx
      .insert(machineMeters)
      .values({ machineId, ...values })
      .onConflictDoUpdate({ target: machineMeters.machineId, set: values });
  },

  /** What the ledger says moved between wallets and the machine, for reconciling its meters. */
  async ledgerTotals(
    tx: Runner,
    machineId: number,
  ): Promise<{ cashIn: number; cashOut: number; handPay: number }> {
    const sumOf = (type: number) =>
      sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.type} = ${type}), 0)`;
    const [row] = await tx
      .select({
        cashIn: sumOf(TransactionType.cashIn),
        cashOut: sumOf(TransactionType.cashOut),
        handPay: sumOf(TransactionType.handPay),
      })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.machineId, machineId));
    // Cash In is recorded as a debit of the wallet.
    return {
      cashIn: -Number(row?.cashIn ?? 0),
      cashOut: Number(row?.cashOut ?? 0),
      handPay: Number(row?.handPay ?? 0),
    };
  },
};

/** The credit meter moves only with a counted meter (or on a restore): comparing these is enough. */
function sameCounts(a: MachineMeters | null, b: MachineMeters | null): boolean {
  if (!a || !b) return a === b;
  return (
    a.coinIn === b.coinIn &&
    a.coinOut === b.coinOut &&
    a.jackpot === b.jackpot &&
    a.handPaid === b.handPaid &&
    a.gamesPlayed === b.gamesPlayed &&
    a.gamesWon === b.gamesWon &&
    a.transferredIn === b.transferredIn &&
    a.transferredOut === b.transferredOut &&
    a.progressive === b.progressive
  );
}

interface Mirror {
  agent: MachineAgent;
  /** The newest snapshot handed to a write (or loaded at start-up). */
  queued: MachineMeters;
  /** A newer snapshot waiting for the coalescing timer. */
  dirty: MachineMeters | null;
  timer: NodeJS.Timeout | null;
  /** The machine's writes, one after another. */
  chain: Promise<unknown>;
}

export class MeterStore {
  private readonly mirrors = new Map<number, Mirror>();
  /** Flushed for shutdown: the database is about to close. */
  private closed = false;

  constructor(
    private readonly db: Db,
    floor: Floor,
    private readonly coalesceMs = COALESCE_MS,
  ) {
    for (const agent of floor.all()) {
      // The agents start from the saved meters, so those are what is written already.
      const mirror: Mirror = {
        agent,
        queued: agent.meters(),
        dirty: null,
        timer: null,
        chain: Promise.resolve(),
      };
      this.mirrors.set(agent.machineId, mirror);
      // Only between games: mid-game the bet is metered but the session still holds the credits
      // from before it, and a restart voids that game, so its meters must not be saved alone.
      agent.on('change', (state) => {
        if (!state.spinning) this.note(mirror);
      });
    }
  }

  /**
   * Runs `write` (a slot session's record of the machine's credits) in one transaction with the
   * machine's meters as they are now, so a restart finds the two agreeing.
   */
  record<T>(machineId: number, write: (tx: Tx) => Promise<T>): Promise<T> {
    const mirror = this.mirrors.get(machineId);
    if (!mirror) return this.db.transaction(write);
    const meters = mirror.agent.meters();
    // Already on its way (an earlier record of the same game): the chain commits it first. A
    // snapshot left unwritten (dirty) is covered by this newer one.
    const fresh = mirror.dirty !== null || !sameCounts(meters, mirror.queued);
    if (fresh) {
      mirror.queued = meters;
      mirror.dirty = null;
      if (mirror.timer) clearTimeout(mirror.timer);
      mirror.timer = null;
    }
    return this.enqueue(mirror, fresh ? meters : null, write);
  }

  /**
   * Runs `write` (a slot session's money: a ledger posting and the credits it moves) in one
   * transaction with the meters `snapshot()` gives once `write` is done, so a crash leaves the
   * ledger, the session and the meters all before or all after the change.
   */
  recordWith<T>(
    machineId: number,
    write: (tx: Tx) => Promise<T>,
    snapshot: () => MachineMeters,
  ): Promise<T> {
    const mirror = this.mirrors.get(machineId);
    if (!mirror) return this.db.transaction(write);
    const run = () =>
      this.db.transaction(async (tx) => {
        const result = await write(tx);
        const meters = snapshot();
        mirror.queued = meters;
        mirror.dirty = null;
        if (mirror.timer) clearTimeout(mirror.timer);
        mirror.timer = null;
        await meterRepository.save(tx, machineId, meters);
        return result;
      });
    const done = mirror.chain.then(run, run);
    mirror.chain = done.catch(() => {});
    return done;
  }

  /**
   * This instance takes the machine on from another that ran it meanwhile (#19): a simulated
   * cabinet here still has the meters it had when this instance last ran it (or started), so it
   * loads what the other saved, as a cabinet carries its NVRAM; otherwise its next write would put
   * older meters over them. Runs after this machine's writes under way. A cabinet behind an agent
   * keeps its own meters and is left as it is.
   */
  takeOver(machineId: number): Promise<void> {
    const mirror = this.mirrors.get(machineId);
    const agent = mirror?.agent;
    if (!mirror || !(agent instanceof SimulatedAgent)) return Promise.resolve();
    const run = async () => {
      this.release(machineId);
      agent.reloadMeters(await meterRepository.byMachine(this.db, machineId));
      mirror.queued = agent.meters();
    };
    const done = mirror.chain.then(run, run);
    mirror.chain = done.catch(() => {});
    return done;
  }

  /**
   * The machine is another instance's now: a change not yet written is dropped, since the new
   * owner writes the machine's meters from here on.
   */
  release(machineId: number): void {
    const mirror = this.mirrors.get(machineId);
    if (!mirror) return;
    if (mirror.timer) clearTimeout(mirror.timer);
    mirror.timer = null;
    mirror.dirty = null;
  }

  /** Writes every snapshot not yet written and waits for the writes under way (shutdown). */
  async flush(): Promise<void> {
    for (const mirror of this.mirrors.values()) this.writeDirty(mirror);
    this.closed = true;
    await Promise.all([...this.mirrors.values()].map((m) => m.chain));
  }

  private note(mirror: Mirror): void {
    const meters = mirror.agent.meters();
    if (sameCounts(meters, mirror.queued)) return;
    this.schedule(mirror, meters);
  }

  private schedule(mirror: Mirror, meters: MachineMeters): void {
    if (this.closed) return;
    mirror.dirty = meters;
    // Not restarted by later changes: a machine that keeps changing is still written regularly.
    mirror.timer ??= setTimeout(() => this.writeDirty(mirror), this.coalesceMs).unref();
  }

  private writeDirty(mirror: Mirror): void {
    if (mirror.timer) clearTimeout(mirror.timer);
    mirror.timer = null;
    const meters = mirror.dirty;
    if (!meters) return;
    mirror.dirty = null;
    mirror.queued = meters;
    this.enqueue(mirror, meters, async () => {}).catch(() => {});
  }

  private enqueue<T>(
    mirror: Mirror,
    meters: MachineMeters | null,
    write: (tx: Tx) => Promise<T>,
  ): Promise<T> {
    const machineId = mirror.agent.machineId;
    const run = () =>
      this.db.transaction(async (tx) => {
        const result = await write(tx);
        if (meters) await meterRepository.save(tx, machineId, meters);
        return result;
      });
    const done = mirror.chain.then(run, run);
    mirror.chain = done.catch(() => {
      // Not written and nothing newer on its way: written with the next change or at shutdown
      // (not on a timer of its own, which would hammer a database that is down).
      if (meters && mirror.queued === meters && !mirror.dirty) mirror.dirty = meters;
    });
    return done;
  }
}
