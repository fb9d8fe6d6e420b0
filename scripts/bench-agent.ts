// The cost of the process boundary: `npm run bench:agent [-- --presses 400]`. One server (PGlite
// in a temporary directory) with machine 2 simulated in its own process and machine 3 hosted by a
// machine agent in a child process (apps/agent); one player's /machine socket presses bet+ and
// bet- in turn on each, one press at a time, and the press → acknowledgement round trip is
// timed at the player's socket. Prints p50 / p95 / p99 for both and the difference, which is
// what the agent protocol's round trip adds (loopback, this box). Loopback only.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { hashAgentSecret, newAgentSecret } from '../apps/server/src/modules/agents/credentials';
import { agentRepository } from '../apps/server/src/modules/agents/repository';
import { startTestServer, tokenFor } from '../apps/server/test/support';

const { values } = parseArgs({ options: { presses: { type: 'string', default: '400' } } });
const presses = Number(values.presses);
const root = path.resolve(import.meta.dirname, '..');

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function timePresses(base: string, token: string, machineID: number): Promise<number[]> {
  const s: Socket = io(`${base}/machine`, { transports: ['websocket'], forceNew: true });
  const ack = (event: string, payload: unknown) =>
    s.timeout(10_000).emitWithAck(event, payload) as Promise<{ code: number }>;
  const joined = await ack('init', { machineID, token });
  if (joined.code !== 20000) throw new Error(`join ${machineID}: ${JSON.stringify(joined)}`);
  const times: number[] = [];
  // A few presses first: connections and code paths warm.
  for (let i = 0; i < presses + 20; i++) {
    const button = i % 2 === 0 ? 'bet+' : 'bet-';
    const t0 = performance.now();
    const answer = await ack('press', { button });
    const ms = performance.now() - t0;
    if (answer.code !== 20000) throw new Error(`press: ${JSON.stringify(answer)}`);
    if (i >= 20) times.push(ms);
  }
  await ack('leave', {});
  s.disconnect();
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-bench-agent-'));
  const secret = newAgentSecret();
  // One press at a time is far below a player's tapping, but 400 in a row pass the signalling
  // limit meant for a person: lifted for the bench.
  const env = { LOG_LEVEL: 'silent', SIGNAL_RATE_PER_SECOND: '1000' };
  const first = await startTestServer('pglite', env, undefined, { dataDir });
  await agentRepository.add(
    first.services.database.db,
    'bench',
    await hashAgentSecret(secret),
    [3],
  );
  await first.close();
  const server = await startTestServer('pglite', env, undefined, { dataDir });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  const agent: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/agent/src/main.ts'],
    {
      cwd: root,
      stdio: 'ignore',
      env: {
        ...process.env,
        REELCAST_URL: base,
        AGENT_ID: 'bench',
        AGENT_SECRET: secret,
        AGENT_CABINETS: '3:classic',
        AGENT_NVRAM: path.join(dataDir, 'nvram'),
      },
    },
  );
  try {
    for (let i = 0; server.services.floor.agent(3)?.status !== 'ready'; i++) {
      if (i > 200) throw new Error('the agent did not connect');
      await new Promise((r) => setTimeout(r, 100));
    }
    const token = await tokenFor(server, 'demo');
    const inProcess = await timePresses(base, token, 2);
    const viaAgent = await timePresses(base, token, 3);
    const row = (name: string, t: number[]) =>
      `${name.padEnd(22)} p50 ${percentile(t, 50).toFixed(2)} ms  p95 ${percentile(t, 95).toFixed(2)} ms  p99 ${percentile(t, 99).toFixed(2)} ms`;
    process.stdout.write(
      [
        `press → ack at the player's socket, ${presses} presses each (loopback)`,
        row('cabinet in the server', inProcess),
        row('cabinet in an agent', viaAgent),
        `the agent protocol adds p50 ${(percentile(viaAgent, 50) - percentile(inProcess, 50)).toFixed(2)} ms, p95 ${(percentile(viaAgent, 95) - percentile(inProcess, 95)).toFixed(2)} ms`,
        '',
      ].join('\n'),
    );
  } finally {
    agent.kill('SIGKILL');
    await server.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    process.stderr.write(`bench:agent failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  },
);
