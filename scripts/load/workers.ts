// The load generator's worker threads: players dealt out round-robin, started together, asked
// for their figures, finished together. The main thread only coordinates and prints.
import { Worker } from 'node:worker_threads';
import type { BenchPlayer } from './setup';
import { addReport, emptyReport, type WorkerReport } from './stats';
import type { FromWorker, ToWorker, WorkerConfig } from './worker';

export type WorkerOptions = Omit<WorkerConfig, 'players' | 'connectPerSecond'> & {
  connectPerSecond: number;
};

/**
 * LOAD_WORKER_CPU_PROF=<dir>: the worker threads' own --cpu-prof, to see where the generator's
 * time goes; the server child never gets it (it has --profile).
 */
const profileDir = process.env.LOAD_WORKER_CPU_PROF;
const profileArgs = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [];

export class LoadWorkers {
  private readonly workers: Worker[];
  private readonly waiting = new Map<Worker, (r: WorkerReport) => void>();
  private readonly failed = new Set<Worker>();

  constructor(players: BenchPlayer[], count: number, opts: WorkerOptions) {
    this.workers = Array.from({ length: count }, (_, w) => {
      const mine = players.filter((_, i) => i % count === w);
      const config: WorkerConfig = {
        ...opts,
        players: mine,
        connectPerSecond: Math.max(1, opts.connectPerSecond / count),
      };
      const worker = new Worker(new URL('./worker-entry.mjs', import.meta.url), {
        workerData: config,
        execArgv: [...process.execArgv, ...profileArgs],
      });
      worker.on('message', (m: FromWorker) => this.waiting.get(worker)?.(m.report));
      worker.on('error', (e) => {
        console.error(`load worker ${w} failed:`, e);
        // Whatever waits on it goes on, with the failure counted as an error.
        this.failed.add(worker);
        this.waiting.get(worker)?.({ ...emptyReport(), errors: { [`worker ${w} failed`]: 1 } });
      });
      return worker;
    });
  }

  /** Every worker's next message (after the command, if any), merged. */
  private async collect(command?: ToWorker): Promise<WorkerReport> {
    const reports = await Promise.all(
      this.workers.map(
        (w) =>
          new Promise<WorkerReport>((resolve) => {
            if (this.failed.has(w)) return resolve(emptyReport());
            this.waiting.set(w, (r) => {
              this.waiting.delete(w);
              resolve(r);
            });
            if (command) w.postMessage(command);
          }),
      ),
    );
    const total = emptyReport();
    for (const r of reports) addReport(total, r);
    return total;
  }

  /** Resolves once every player's /notice socket has connected (or failed to). */
  connected(): Promise<WorkerReport> {
    return this.collect();
  }

  run(): void {
    for (const w of this.workers) w.postMessage({ type: 'run' } satisfies ToWorker);
  }

  report(): Promise<WorkerReport> {
    return this.collect({ type: 'report' });
  }

  /** Seated players leave (credits back to wallets), everything closes; the final figures. */
  async finish(): Promise<WorkerReport> {
    const final = await this.collect({ type: 'finish' });
    await Promise.all(this.workers.map((w) => w.terminate()));
    return final;
  }
}
