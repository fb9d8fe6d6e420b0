// Load: `npm run bench:load -- --players N --seconds S` from the repository root. The server runs
// as a child process (main.ts) on a throwaway PostgreSQL database; N simulated players, dealt to
// worker threads of this process, each hold a /notice socket; a share of them are seated (a
// /machine socket each, on a bench floor with a machine per seated player) and play at a human
// pace, the rest browse over HTTP. Every 10 s a progress line; at the end players held, HTTP
// requests/s, socket events/s, p50/p95/p99 of HTTP answers, socket acks and status pushes,
// errors, server CPU and memory, the generator's and the box's CPU, and the money invariants
// (scripts/proof/invariants.ts) after the server has stopped and flushed its meters.
// Exits non-zero on any error or any money drift; it never fails on a timing (benchmarks print).
// Loopback only. Options: --seated (default 2 % of players, at least 10, at most 200),
// --workers (2), --browse-every (s, 20), --spin-every (s, 4), --spins (per seat, 40),
// --connect-rate (/s, 1000), --profile <dir> (the server's --cpu-prof).
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { type Outcome, printFinal, printProgress, type RunFigures } from './load/print';
import { boxCpuSeconds, CpuMeter, processCpuSeconds, processRssMiB } from './load/proc';
import { type ServerChild, startServerChild } from './load/server-child';
import {
  type BenchPlayer,
  createBenchDatabase,
  createPlayers,
  openBenchDatabase,
  writeBenchFloor,
} from './load/setup';
import { summary } from './load/stats';
import { LoadWorkers } from './load/workers';
import { centsOf, checkInvariants, floorDifference } from './proof/invariants';

const { values } = parseArgs({
  options: {
    players: { type: 'string', default: '2000' },
    seconds: { type: 'string', default: '30' },
    seated: { type: 'string' },
    workers: { type: 'string', default: '2' },
    'browse-every': { type: 'string', default: '20' },
    'spin-every': { type: 'string', default: '4' },
    spins: { type: 'string', default: '40' },
    'connect-rate': { type: 'string', default: '1000' },
    profile: { type: 'string' },
  },
});
const playerCount = Number(values.players);
const seconds = Number(values.seconds);
const seatedCount = Number(
  values.seated ?? Math.min(200, Math.max(10, Math.round(playerCount / 50))),
);
const machineCount = Math.max(14, seatedCount);
const JWT_SECRET = 'load-bench-secret-that-is-long-enough-for-hs256';

const pg = await createBenchDatabase();
let outcome: Outcome = { httpP99: '-', socketP99: '-', errors: 1 };
let server: ServerChild | null = null;
try {
  server = await startServerChild(
    {
      DATABASE_URL: pg.url,
      JWT_SECRET,
      SEED_DEMO: 'false',
      FLOOR_FILE: writeBenchFloor(machineCount),
      FAULT_RATE_PER_HOUR: '0',
      // A hand pay would hold a machine for an attendant the bench does not have.
      HAND_PAY_LIMIT: '1000000000',
      // The bench never answers the video offer (it measures the control plane: 200 real streams
      // would be 25 times what bench:video shows two cores encode). A machine renders from the
      // offer until the start deadline gives up on it; 1 s keeps that waste out of the figures.
      VIDEO_START_TIMEOUT_MS: '1000',
    },
    values.profile ? { cpuProfDir: values.profile } : {},
  );
  const database = await openBenchDatabase(pg.url);
  const t0 = performance.now();
  const players = await createPlayers(database, JWT_SECRET, playerCount, seatedCount);
  await database.close();
  console.log(
    `setup: ${playerCount} players (${seatedCount} seated on ${machineCount} machines) in ${((performance.now() - t0) / 1000).toFixed(1)} s; server pid ${server.pid}, port ${server.port}`,
  );
  outcome = await runLoad(server, players);
} catch (e) {
  console.error('bench:load failed:', e);
} finally {
  const code = await server?.stop();
  if (code) console.log(`server exited with ${code}`);
  for (const line of server?.stderr.slice(0, 20) ?? []) console.log(`server: ${line}`);
}
const drift = await checkMoney();
await pg.drop();
console.log(
  `load: ${playerCount} players, ${seconds} s, p99 ${outcome.httpP99} ms http, ${outcome.socketP99} ms socket, ${outcome.errors} errors, ${drift} cents drift`,
);
process.exit(outcome.errors > 0 || drift !== 0 ? 1 : 0);

async function runLoad(server: ServerChild, players: BenchPlayer[]): Promise<Outcome> {
  const workers = new LoadWorkers(players, Number(values.workers), {
    port: server.port,
    connectPerSecond: Number(values['connect-rate']),
    browseEverySeconds: Number(values['browse-every']),
    spinEverySeconds: Number(values['spin-every']),
    spinsPerSeat: Number(values.spins),
  });
  const rampStart = performance.now();
  const ramp = await workers.connected();
  console.log(
    `ramp: ${ramp.noticeHeld} /notice sockets held in ${((performance.now() - rampStart) / 1000).toFixed(1)} s; init acks ${summary(ramp.socket)}`,
  );
  const serverCpu = new CpuMeter(() => processCpuSeconds(server.pid));
  const generatorCpu = new CpuMeter(() => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  });
  const boxCpu = new CpuMeter(() => boxCpuSeconds().busy);
  const figures: RunFigures = { samples: [], seconds, players: playerCount, loop: [] };
  const loopFrom = server.loop.length;
  workers.run();
  const started = performance.now();
  const end = started + seconds * 1000;
  let previous = await workers.report();
  let last = started;
  while (performance.now() < end - 50) {
    await new Promise((r) => setTimeout(r, Math.min(10_000, end - performance.now())));
    const report = await workers.report();
    // A server that is gone has no figures left to read: say how it ended and what it said.
    const ended = server.ended();
    if (ended) throw new Error(`server ${ended}; stderr: ${server.stderr.slice(-20).join('\n')}`);
    const now = performance.now();
    const sample = {
      at: (now - started) / 1000,
      window: (now - last) / 1000,
      serverCores: serverCpu.sample(),
      generatorCores: generatorCpu.sample(),
      boxCores: boxCpu.sample(),
      serverRssMiB: processRssMiB(server.pid),
      report,
      previous,
    };
    figures.samples.push(sample);
    printProgress(sample);
    previous = report;
    last = now;
  }
  const final = await workers.finish();
  figures.loop = server.loop.slice(loopFrom);
  return printFinal(final, figures);
}

/** The money invariants on the stopped server's database; the cents that drifted. */
async function checkMoney(): Promise<number> {
  const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
  try {
    const violations = await checkInvariants(sql);
    const difference = await floorDifference(sql);
    const { lost, created } = centsOf(violations);
    for (const v of violations.slice(0, 10)) {
      console.log(`money: ${v.invariant} ${v.subject}: ${v.detail}`);
    }
    console.log(
      `money: ${violations.length} invariant violations, floor difference ${difference} cents`,
    );
    // A violation without an amount (a broken chain, a key applied twice) still fails the run.
    const drift = lost + created + Math.abs(difference);
    return violations.length > 0 && drift === 0 ? Number.NaN : drift;
  } finally {
    await sql.end();
  }
}
