// GET /readyz's checks: may this server take players now? The database answers, it has every
// migration this build ships, the floor holds every enabled machine, and when there are machines
// at least one agent is connected (floor.ts connectedAgents). /healthz only says the process
// answers; a load balancer sends players here only when this says ready.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { CheckResult, ReadinessCheck, ReadyAnswer } from '@reelcast/protocol/probes';
import type { Db } from '../../db/client';
import type { Floor } from '../floor/floor';
import { lobbyRepository } from '../lobby/repository';
import { healthRepository } from './repository';

/** A database that has not answered in this long is as good as down, for a probe. */
const DATABASE_TIMEOUT_MS = 2000;

export interface BundledMigration {
  tag: string;
  /** the journal's time, which drizzle records as created_at */
  when: number;
  /** sha256 of the file, as drizzle records it */
  hash: string;
}

/** The migrations this build ships, as drizzle's migrator reads and hashes them. */
export function bundledMigrations(folder: string): BundledMigration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string; when: number }>;
  };
  return journal.entries.map(({ tag, when }) => ({
    tag,
    when,
    hash: createHash('sha256')
      .update(readFileSync(path.join(folder, `${tag}.sql`)))
      .digest('hex'),
  }));
}

const ok = (detail: string): CheckResult => ({ ok: true, detail });
const failed = (detail: string): CheckResult => ({ ok: false, detail });
const unchecked = failed('not checked: the database does not answer');

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

export class Readiness {
  constructor(
    private readonly db: Db,
    private readonly floor: Floor,
    private readonly bundled: BundledMigration[],
    /** a SIGTERM's drain has begun (joins, transfers and games refused) */
    private readonly draining: () => boolean = () => false,
    /**
     * Several instances (issue #19): the machines some instance owns now (a live lease). An agent
     * connects to one instance only; the others are as ready to take its players, by relay.
     */
    private readonly ownedAnywhere: (() => Promise<number>) | null = null,
  ) {}

  async check(): Promise<ReadyAnswer> {
    const database = await this.database();
    const checks = {
      database,
      migrations: database.ok ? await this.migrations() : unchecked,
      floor: database.ok ? await this.floorLoaded() : unchecked,
      agents: database.ok && this.ownedAnywhere ? await this.owned() : this.agents(),
      draining: this.draining()
        ? failed('draining for a restart: no new seats, transfers or games')
        : ok('taking players'),
    };
    const failedChecks = (Object.keys(checks) as ReadinessCheck[]).filter((k) => !checks[k].ok);
    return {
      status: failedChecks.length === 0 ? 'ready' : 'not ready',
      failed: failedChecks,
      checks,
    };
  }

  private async database(): Promise<CheckResult> {
    try {
      await withTimeout(healthRepository.ping(this.db), DATABASE_TIMEOUT_MS);
      return ok('select 1 answered');
    } catch (e) {
      return failed(`select 1 failed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }

  /** Every bundled migration applied, with the hash of the file this build has. */
  private async migrations(): Promise<CheckResult> {
    let applied: Array<{ hash: string; createdAt: number | null }>;
    try {
      applied = await withTimeout(healthRepository.appliedMigrations(this.db), DATABASE_TIMEOUT_MS);
    } catch {
      return failed('no record of applied migrations');
    }
    const byTime = new Map(applied.map((m) => [Number(m.createdAt), m.hash]));
    const missing = this.bundled.filter((m) => !byTime.has(m.when)).map((m) => m.tag);
    const changed = this.bundled
      .filter((m) => byTime.has(m.when) && byTime.get(m.when) !== m.hash)
      .map((m) => m.tag);
    const total = this.bundled.length;
    if (missing.length > 0) {
      return failed(`${total - missing.length} of ${total} applied; missing ${missing.join(', ')}`);
    }
    if (changed.length > 0) return failed(`applied from other files: ${changed.join(', ')}`);
    return ok(`${total} of ${total} applied`);
  }

  /** The floor holds an agent for every machine enabled in the database. */
  private async floorLoaded(): Promise<CheckResult> {
    let enabled: number[];
    try {
      const machines = await withTimeout(lobbyRepository.machines(this.db), DATABASE_TIMEOUT_MS);
      enabled = machines.filter((m) => m.enabled).map((m) => m.id);
    } catch {
      return failed('the machines could not be read');
    }
    const absent = enabled.filter((id) => !this.floor.agent(id));
    if (absent.length > 0) return failed(`enabled but not on the floor: ${absent.join(', ')}`);
    return ok(`${this.floor.size} machines on the floor`);
  }

  private async owned(): Promise<CheckResult> {
    const owned = await this.ownedAnywhere!();
    const detail = `${owned} of ${this.floor.size} machines owned by an instance of the cluster`;
    return owned > 0 || this.floor.size === 0 ? ok(detail) : failed(detail);
  }

  private agents(): CheckResult {
    const machines = this.floor.size;
    if (machines === 0) return ok('no machines, no agent needed');
    const connected = this.floor.connectedAgents();
    const detail = `${connected} of ${machines} agents connected`;
    return connected > 0 ? ok(detail) : failed(detail);
  }
}
