// Which instance owns each machine (issue #19): its seat, its agent's connection and its players'
// /machine sockets. Ownership follows the agent: the instance an agent says hello to takes the
// leases of the agent's machines (a row per machine in machine_owners, with an expiry) and renews
// them every second while the agent stays. Another instance may take a machine only once its lease
// has run out, so two instances never both hold a seat; the agent's one connection fences the
// cabinet itself (an instance without it cannot command the machine), and every money move is a
// conditional write in the ledger's transaction, so a paused owner waking late moves nothing twice.
import { EventEmitter } from 'node:events';
import type { MachineStatus } from '@reelcast/protocol/http';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { machineOwners, serverInstances } from '../../db/schema';

const STATUS_CACHE_MS = 500;

export interface OwnershipConfig {
  instanceId: string;
  /** where the other instances reach this one (forwarded sockets and requests) */
  url: string;
  /** a lease's life; a dead owner's machines are taken over this long after its last renewal */
  ttlMs: number;
  /** how often leases are renewed and lost ones noticed */
  renewMs: number;
  /**
   * How long an agent that went away keeps its machines here: a link cut that comes back to this
   * instance finds its seats as they were; one that went to another instance waits this plus the
   * lease's life.
   */
  agentAwayMs: number;
}

export interface OwnershipEvents {
  /** the lease was lost (another instance has the machine, or it lapsed): forget its seat */
  lost: [machineId: number];
}

import type { OwnerAnswer } from './machine-relay';

export type { OwnerAnswer };

export interface OwnershipLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class MachineOwnership extends EventEmitter<OwnershipEvents> {
  /** machines whose lease this instance holds → when their agent went away (null: it is here) */
  private readonly held = new Map<number, number | null>();
  private timer: NodeJS.Timeout | null = null;
  /** when the last renewal succeeded: past that plus the lease's life, nothing here is owned */
  private renewedAt = 0;
  private renewing: Promise<void> | null = null;
  private statusCache: { at: number; read: Promise<Map<number, MachineStatus>> } | null = null;

  constructor(
    private readonly db: Runner,
    readonly config: OwnershipConfig,
    private readonly log: OwnershipLog,
  ) {
    super();
  }

  /** Says where this instance is reached, then renews its leases every `renewMs`. */
  async start(): Promise<void> {
    await this.heartbeat();
    this.timer = setInterval(() => {
      this.renewing ??= this.renew().finally(() => {
        this.renewing = null;
      });
    }, this.config.renewMs);
    this.timer.unref();
  }

  /** True while this instance holds the machine's lease (and has not missed its renewals). */
  owns(machineId: number): boolean {
    return this.held.has(machineId) && Date.now() - this.renewedAt < this.config.ttlMs;
  }

  /**
   * Takes the leases of the machines an agent has just said hello for: each one free, lapsed or
   * already this instance's. Asks again every half second until all are taken or `limitMs` has
   * passed (a dead owner's lease runs out); answers the ones taken.
   */
  async claim(machineIds: number[], limitMs: number): Promise<number[]> {
    const until = Date.now() + limitMs;
    let taken = await this.take(machineIds);
    while (taken.length < machineIds.length && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 500));
      taken = await this.take(machineIds);
    }
    return taken;
  }

  /** The machines' agent has gone: they stay this instance's for `agentAwayMs`, then lapse. */
  agentGone(machineIds: number[]): void {
    const now = Date.now();
    for (const id of machineIds) if (this.held.has(id)) this.held.set(id, now);
  }

  /** Who owns the machine now: this instance, another (where to reach it), or nobody alive. */
  async ownerOf(machineId: number): Promise<OwnerAnswer> {
    if (this.owns(machineId)) return { local: true };
    const rows = await this.db
      .select({ instanceId: machineOwners.instanceId, url: serverInstances.url })
      .from(machineOwners)
      .innerJoin(serverInstances, eq(serverInstances.id, machineOwners.instanceId))
      .where(and(eq(machineOwners.machineId, machineId), gt(machineOwners.expiresAt, sql`now()`)));
    const row = rows[0];
    if (!row || row.instanceId === this.config.instanceId) return null;
    return { local: false, url: row.url };
  }

  /** The owner's lobby status of a machine, for the lobbies of the other instances. */
  async publish(machineId: number, status: MachineStatus): Promise<void> {
    await this.db
      .update(machineOwners)
      .set({ status })
      .where(
        and(
          eq(machineOwners.machineId, machineId),
          eq(machineOwners.instanceId, this.config.instanceId),
        ),
      );
  }

  /**
   * The lobby statuses their owners published, of machines with a live lease (none: its agent is
   * nowhere, not available). Read at most twice a second: lobby pages are many, changes reach
   * open lobbies by their own pushes.
   */
  statuses(): Promise<Map<number, MachineStatus>> {
    const now = Date.now();
    if (this.statusCache && now - this.statusCache.at < STATUS_CACHE_MS) {
      return this.statusCache.read;
    }
    const read = this.db
      .select({ machineId: machineOwners.machineId, status: machineOwners.status })
      .from(machineOwners)
      .where(gt(machineOwners.expiresAt, sql`now()`))
      .then((rows) => new Map(rows.map((r) => [r.machineId, r.status as MachineStatus])));
    this.statusCache = { at: now, read };
    read.catch(() => {
      if (this.statusCache?.read === read) this.statusCache = null;
    });
    return read;
  }

  /** Lets every lease go at once (shutdown): the others need not wait for them to run out. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.renewing;
    const ids = [...this.held.keys()];
    this.held.clear();
    if (ids.length > 0) await this.drop(ids);
    await this.db.delete(serverInstances).where(eq(serverInstances.id, this.config.instanceId));
  }

  private async take(machineIds: number[]): Promise<number[]> {
    if (machineIds.length === 0) return [];
    const me = this.config.instanceId;
    const expires = sql`now() + ${`${this.config.ttlMs} milliseconds`}::interval`;
    const rows = await this.db
      .insert(machineOwners)
      .values(machineIds.map((machineId) => ({ machineId, instanceId: me, expiresAt: expires })))
      .onConflictDoUpdate({
        target: machineOwners.machineId,
        set: { instanceId: me, expiresAt: expires },
        setWhere: sql`${machineOwners.expiresAt} <= now() or ${machineOwners.instanceId} = ${me}`,
      })
      .returning({ machineId: machineOwners.machineId });
    const taken = rows.map((r) => r.machineId);
    if (this.held.size === 0) this.renewedAt = Date.now();
    for (const id of taken) this.held.set(id, null);
    return taken;
  }

  /** One renewal: the leases of machines whose agent is here (or only just left) are extended. */
  private async renew(): Promise<void> {
    const started = Date.now();
    try {
      await this.heartbeat();
      const keep: number[] = [];
      for (const [id, goneAt] of this.held) {
        if (goneAt === null || started - goneAt < this.config.agentAwayMs) keep.push(id);
      }
      const kept = keep.length === 0 ? [] : await this.extend(keep);
      // Away too long: let them go now rather than when the lease runs out.
      const away = [...this.held.keys()].filter((id) => !keep.includes(id));
      if (away.length > 0) await this.drop(away);
      this.renewedAt = started;
      const still = new Set(kept);
      for (const id of [...this.held.keys()]) {
        if (still.has(id)) continue;
        this.held.delete(id);
        this.emit('lost', id);
      }
      const taken = keep.filter((id) => !still.has(id));
      if (taken.length > 0) this.log.warn({ machines: taken }, 'machine leases taken over');
    } catch (err) {
      // The database is out of reach: past the lease's life `owns` answers false by itself.
      this.log.error({ err }, 'lease renewal failed');
      if (Date.now() - this.renewedAt >= this.config.ttlMs) {
        for (const id of [...this.held.keys()]) {
          this.held.delete(id);
          this.emit('lost', id);
        }
      }
    }
  }

  private async extend(machineIds: number[]): Promise<number[]> {
    const rows = await this.db
      .update(machineOwners)
      .set({ expiresAt: sql`now() + ${`${this.config.ttlMs} milliseconds`}::interval` })
      .where(
        and(
          eq(machineOwners.instanceId, this.config.instanceId),
          inArray(machineOwners.machineId, machineIds),
        ),
      )
      .returning({ machineId: machineOwners.machineId });
    return rows.map((r) => r.machineId);
  }

  private async drop(machineIds: number[]): Promise<void> {
    await this.db
      .delete(machineOwners)
      .where(
        and(
          eq(machineOwners.instanceId, this.config.instanceId),
          inArray(machineOwners.machineId, machineIds),
        ),
      );
  }

  private async heartbeat(): Promise<void> {
    const { instanceId: id, url } = this.config;
    await this.db
      .insert(serverInstances)
      .values({ id, url })
      .onConflictDoUpdate({ target: serverInstances.id, set: { url, seenAt: sql`now()` } });
  }
}
