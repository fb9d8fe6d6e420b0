// The servers under test: one, as the simulation always ran, or N instances of a cluster on the
// simulation's database (CLUSTER=1, issue #19). Each actor's requests and sockets take the route a
// proxy would give them: its own instance (round-robin over the actors), the next live one while
// that one is down. A kill takes down an instance the seeded RNG picks, so a seed replays its
// victims too.
import path from 'node:path';
import type postgres from 'postgres';
import { Rng } from './rng';
import { freePort, ServerProcess } from './server';

/** How long machines may stay without a live owner after a restart (leases last 5 s). */
const OWNERS_WITHIN_MS = 30_000;

export class Servers {
  private readonly victims: Rng;

  private constructor(
    readonly instances: ServerProcess[],
    seed: number,
  ) {
    this.victims = new Rng(seed ^ 0xc1a5);
  }

  /** `count` servers on free ports, each logging to a file of its own under TMPDIR. */
  static async create(count: number, seed: number, env: Record<string, string>): Promise<Servers> {
    const instances: ServerProcess[] = [];
    for (let i = 0; i < count; i++) {
      const port = await freePort();
      const logFile = path.join(process.env.TMPDIR ?? '/tmp', `reelcast-sim-${seed}-${port}.log`);
      const url = `http://127.0.0.1:${port}`;
      const own: Record<string, string> =
        count > 1 ? { CLUSTER: '1', INSTANCE_ID: `sim-${i}`, INSTANCE_URL: url } : {};
      instances.push(new ServerProcess(port, { ...env, ...own }, logFile));
    }
    return new Servers(instances, seed);
  }

  get clustered(): boolean {
    return this.instances.length > 1;
  }

  get first(): ServerProcess {
    return this.instances[0]!;
  }

  nameOf(server: ServerProcess): string {
    return this.clustered ? `sim-${this.instances.indexOf(server)}` : 'server';
  }

  /** Where actor `actor` (a player's index; the staff after them) sends its requests now. */
  route(actor: number): string {
    const n = this.instances.length;
    for (let i = 0; i < n; i++) {
      const s = this.instances[(actor + i) % n]!;
      if (s.up) return s.url;
    }
    // None is up (between the end's stop and start): the own one, which refuses as a dead one.
    return this.instances[actor % n]!.url;
  }

  /** The first fully up (it migrates and seeds the database), then the others together. */
  async start(): Promise<void> {
    await this.first.start();
    await Promise.all(this.instances.slice(1).map((s) => s.start()));
  }

  /** SIGTERM to every instance at once, as an operator stops a cluster. */
  async stop(): Promise<void> {
    await Promise.all(this.instances.map((s) => s.stop()));
  }

  /** SIGKILL of the seeded RNG's pick (the one server when there is one). */
  async kill(): Promise<ServerProcess> {
    const victim = this.clustered
      ? this.instances[this.victims.int(this.instances.length)]!
      : this.first;
    await victim.kill();
    return victim;
  }

  close(): void {
    for (const s of this.instances) s.close();
  }

  /**
   * Each machine's owner's address once every machine has a live owner among the instances up
   * (a dead owner's leases lapse 5 s after its last renewal, then a survivor takes them). The
   * meters of a simulated cabinet are only its owner's to tell, once it has taken the seat back
   * (a second later). One server: it owns them all.
   */
  async owners(sql: postgres.Sql, machines: number[]): Promise<Map<number, string>> {
    if (!this.clustered) return new Map(machines.map((m) => [m, this.first.url]));
    const deadline = Date.now() + OWNERS_WITHIN_MS;
    for (;;) {
      const up = new Set(this.instances.filter((s) => s.up).map((s) => s.url));
      const rows = await sql`
        select o.machine_id, i.url from machine_owners o
        join server_instances i on i.id = o.instance_id
        where o.expires_at > now() + interval '1 second'`;
      const owner = new Map(rows.map((r) => [Number(r.machine_id), String(r.url)]));
      const orphans = machines.filter((m) => !up.has(owner.get(m) ?? ''));
      if (orphans.length === 0) {
        // A survivor takes a lease, then brings the seat back from its row: a sweep's time.
        await new Promise((r) => setTimeout(r, 1000));
        return owner;
      }
      if (Date.now() > deadline) {
        throw new Error(
          `machines ${orphans.join(', ')} without a live owner ${OWNERS_WITHIN_MS / 1000} s on`,
        );
      }
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
