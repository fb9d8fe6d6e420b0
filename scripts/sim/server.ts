// The server under test as a child process, started as an operator starts it (main.ts with tsx,
// cwd apps/server) on loopback and a free port, and killed with SIGKILL when the simulation says.
import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, type WriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { untilHealthy } from '../../apps/server/test/server-process';

export { freePort } from '../../apps/server/test/server-process';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

export class ServerProcess {
  private child: ChildProcess | null = null;
  private readonly log: WriteStream;
  readonly dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-sim-'));
  starts = 0;
  /** answering: healthy since its last start, not killed or stopped since */
  up = false;

  constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.starts += 1;
    this.log.write(`\n=== start ${this.starts} ===\n`);
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        ...this.env,
        HOST: '127.0.0.1',
        PORT: String(this.port),
        DATA_DIR: this.dataDir,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.pipe(this.log, { end: false });
    child.stderr!.pipe(this.log, { end: false });
    this.child = child;
    await untilHealthy(this.url, { child, logFile: this.logFile });
    this.up = true;
  }

  /** SIGKILL: no shutdown handler runs, nothing is flushed — a power cut. */
  async kill(): Promise<void> {
    await this.end('SIGKILL');
  }

  /** SIGTERM: the server's own shutdown (meters flushed, database closed). */
  async stop(): Promise<void> {
    await this.end('SIGTERM');
  }

  private async end(signal: NodeJS.Signals): Promise<void> {
    const child = this.child;
    this.child = null;
    this.up = false;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill(signal);
    await exited;
  }

  close(): void {
    this.log.end();
  }
}
