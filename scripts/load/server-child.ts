// The server under test as a child process (main.ts, as an operator runs it), so its CPU and
// memory are its own and can be read from /proc. Loopback only; stopped with SIGTERM. One of
// several instances (issue #19) gets CLUSTER=1, its name, and its own address for the others.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, untilHealthy } from '../../apps/server/test/server-process';

export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
  /** the JavaScript heap in use when the line was written */
  heapMiB: number;
  /** the server's own time over its HTTP answers since the last line (ms; n answers) */
  http: { n: number; p50: number; p99: number; max: number };
  /** collections since the last line: major ones and their longest pause, other pauses summed */
  gc: { major: number; majorMaxMs: number; minorMs: number; incrementalMs: number };
}

export interface ServerChild {
  pid: number;
  port: number;
  /** its INSTANCE_ID when it is one of a cluster's instances */
  instanceId: string | null;
  /** event-loop delay lines the probe wrote since the start */
  loop: LoopDelay[];
  /** the child's stderr lines other than the probe's (warnings, errors) */
  stderr: string[];
  /** the server's own log (its stdout, LOG_LEVEL warn): what went wrong, if anything did */
  logFile: string;
  /** how the server ended when it ended by itself (or was killed by another): null while it runs */
  ended(): string | null;
  stop(): Promise<number | null>;
}

/** A free loopback port (asked of the kernel, then released for the child to take). */
export async function startServerChild(
  env: Record<string, string>,
  opts: { cpuProfDir?: string; instanceId?: string } = {},
): Promise<ServerChild> {
  const port = await freePort();
  // The address the other instances relay /machine sockets and forward seat requests to.
  const cluster = opts.instanceId
    ? {
        CLUSTER: '1',
        INSTANCE_ID: opts.instanceId,
        INSTANCE_URL: `http://127.0.0.1:${port}`,
      }
    : {};
  const probe = path.resolve(import.meta.dirname, 'loop-probe.mjs');
  const args = ['--import', 'tsx', '--import', probe];
  if (opts.cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${opts.cpuProfDir}`);
  args.push('apps/server/src/main.ts');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-load-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? '/tmp',
      DATA_DIR: dataDir,
      PLAYER_DIST: '/nonexistent',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      ...cluster,
      ...env,
    },
    stdio: ['ignore', log, 'pipe'],
  });
  // The child has its own copy of the descriptor now.
  closeSync(log);
  const loop: LoopDelay[] = [];
  const stderr: string[] = [];
  let partial = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (line.startsWith('LOOP ')) loop.push(JSON.parse(line.slice(5)) as LoopDelay);
      else if (line.trim() && stderr.length < 200) stderr.push(line);
    }
  });
  let ending: string | null = null;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code, signal) => {
      ending = signal ? `killed by ${signal}` : `exited with code ${code}`;
      resolve(code);
    }),
  );
  await untilHealthy(`http://127.0.0.1:${port}`, { child });
  return {
    pid: child.pid!,
    port,
    instanceId: opts.instanceId ?? null,
    loop,
    stderr,
    logFile,
    ended: () => ending,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}
