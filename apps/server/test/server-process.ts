// For tests, benchmarks and simulations that run the server as an operator does, in a process of
// its own (main.ts): a free loopback port to give it, and the wait for its /healthz.
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A port free on 127.0.0.1 now (the kernel's pick; closed again before it is handed out). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/**
 * Resolves once `GET base/healthz` answers 200; throws when the child exits first or after
 * `limitMs`, naming `logFile` when there is one.
 */
export async function untilHealthy(
  base: string,
  opts: { child?: ChildProcess; limitMs?: number; logFile?: string } = {},
): Promise<void> {
  const { child, limitMs = 120_000, logFile } = opts;
  const where = logFile ? ` (log: ${logFile})` : '';
  const deadline = Date.now() + limitMs;
  for (;;) {
    if (child && child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode}${where}`);
    }
    if (Date.now() > deadline) {
      throw new Error(`${base} did not answer /healthz within ${limitMs / 1000} s${where}`);
    }
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 150));
  }
}
