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
//
// --floor agent|server: where the bench floor's simulated machines run. `agent` (the default with
// one instance) is as `npm start` runs them and as a real floor has them: on a machine agent
// process beside the server (LOCAL_AGENT), so the server does only the server's work (sockets,
// requests, ledger, the agent protocol) and the machines' games and screens show apart, as
// `floor agent` CPU. `server` keeps them in the server process, as the tests do; it is the only
// choice with several instances (each would start its own agent for the same machines).
//
// --instances 1,2 (default 1; issue #19): one whole run per count in turn, each on a fresh
// database. With more than one, the servers are a cluster (CLUSTER=1, INSTANCE_ID, INSTANCE_URL),
// started one after another: the first migrates and takes every simulated machine's lease, so the
// seats all live on it. Each worker deals its players to the instances round-robin, a player's
// sockets and requests all on its one instance: about half of the seated players' /machine
// sockets land on an instance that does not own their machine and are relayed to the owner (the
// cost measured), and lobby pushes cross instances through PostgreSQL's NOTIFY. No proxy: every
// player connects straight to its instance's port. HAProxy fronts the cluster in start:cluster,
// but here it would be measured too. Server CPU and memory are summed over the instances, and
// each instance's follows. Over several counts: a table comparing the runs, then a `load:` line
// each, ` (N instances)` appended when N > 1; exits non-zero when any run had an error or drift.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { floorOfSize } from '../apps/server/test/floor-of-size';
import { loadLine, printComparison, type RunResult } from './load/compare';
import { type Outcome, printFinal, printProgress, type RunFigures } from './load/print';
import {
  boxCpuSeconds,
  CpuMeter,
  childPids,
  processCpuSeconds,
  processRssMiB,
  setOwnNice,
} from './load/proc';
import { type ServerChild, startServerChild } from './load/server-child';
import {
  type BenchPlayer,
  createBenchDatabase,
  createPlayers,
  openBenchDatabase,
} from './load/setup';
import { GENERATOR_NICE, summary } from './load/stats';
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
    instances: { type: 'string', default: '1' },
    floor: { type: 'string' },
  },
});
const playerCount = Number(values.players);
const seconds = Number(values.seconds);
const seatedCount = Number(
  values.seated ?? Math.min(200, Math.max(10, Math.round(playerCount / 50))),
);
const machineCount = Math.max(14, seatedCount);
const JWT_SECRET = 'load-bench-secret-that-is-long-enough-for-hs256';

const instanceCounts = values.instances.split(',').map(Number);
if (instanceCounts.some((n) => !Number.isInteger(n) || n < 1)) {
  console.error(
    `bench:load: --instances takes counts of 1 or more, e.g. 1,2 (got ${values.instances})`,
  );
  process.exit(2);
}

const floorOnAgent = (instances: number) =>
  (values.floor ?? 'agent') === 'agent' && instances === 1;
if (values.floor !== undefined && !['agent', 'server'].includes(values.floor)) {
  console.error(`bench:load: --floor takes agent or server (got ${values.floor})`);
  process.exit(2);
}
if (values.floor === 'agent' && instanceCounts.some((n) => n > 1)) {
  console.error('bench:load: --floor agent runs one instance only; several take --floor server');
  process.exit(2);
}

const results: RunResult[] = [];
for (const instances of instanceCounts) {
  if (instanceCounts.length > 1) {
    console.log(`\n=== ${instances} instance${instances > 1 ? 's' : ''}`);
  }
  results.push(await runWith(instances));
}
if (results.length > 1) printComparison(results);
for (const r of results) console.log(loadLine(r));
process.exit(results.some((r) => r.outcome.errors > 0 || r.drift !== 0) ? 1 : 0);

/** One whole run on a fresh database with `instances` servers; its figures and money drift. */
async function runWith(instances: number): Promise<RunResult> {
  const pg = await createBenchDatabase();
  let outcome: Outcome = { httpP99: '-', socketP99: '-', errors: 1 };
  const servers: ServerChild[] = [];
  try {
    // The servers start at the usual priority (a child takes its parent thread's), whatever an
    // earlier run left this process at; lowering it back needs root.
    if (!setOwnNice(0)) console.log(`note: this run's servers start at nice ${GENERATOR_NICE}`);
    // One after another, each up before the next starts: the first migrates the fresh database
    // and takes every simulated machine's lease, the others find both done.
    for (let i = 1; i <= instances; i++) {
      const cluster = instances > 1 ? { instanceId: `load-${i}` } : {};
      const profile = values.profile ? { cpuProfDir: values.profile } : {};
      const env = serverEnv(pg.url, floorOnAgent(instances));
      servers.push(await startServerChild(env, { ...profile, ...cluster }));
    }
    const database = await openBenchDatabase(pg.url);
    const t0 = performance.now();
    const players = await createPlayers(database, JWT_SECRET, playerCount, seatedCount);
    await database.close();
    const where =
      servers.length === 1
        ? `server pid ${servers[0]!.pid}, port ${servers[0]!.port}`
        : `servers ${servers.map((s) => `${s.instanceId} pid ${s.pid} port ${s.port}`).join(', ')}`;
    console.log(
      `setup: ${playerCount} players (${seatedCount} seated on ${machineCount} machines) in ${((performance.now() - t0) / 1000).toFixed(1)} s; ${where}`,
    );
    // The generator stands in for players on machines of their own: on this shared box it yields
    // the cores to the servers, their agent and PostgreSQL when they are short. What that costs
    // it stays in every figure: it times answers as it reads them.
    setOwnNice(GENERATOR_NICE);
    outcome = await runLoad(servers, players);
  } catch (e) {
    console.error('bench:load failed:', e);
  } finally {
    await stopServers(servers);
  }
  const drift = await checkMoney(pg.url);
  await pg.drop();
  return { instances, players: playerCount, seconds, outcome, drift };
}

function serverEnv(databaseUrl: string, floorOnAgent: boolean): Record<string, string> {
  return {
    LOCAL_AGENT: floorOnAgent ? '1' : '0',
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    SEED_DEMO: 'false',
    FLOOR_FILE: floorOfSize(machineCount),
    FAULT_RATE_PER_HOUR: '0',
    // A hand pay would hold a machine for an attendant the bench does not have.
    HAND_PAY_LIMIT: '1000000000',
    // The bench never answers the video offer (it measures the control plane: 200 real streams
    // would be 25 times what bench:video shows two cores encode). A machine renders from the
    // offer until the start deadline gives up on it; 1 s keeps that waste out of the figures.
    VIDEO_START_TIMEOUT_MS: '1000',
  };
}

/**
 * The last started first: the first instance owns every seat, and stopping it while another
 * still ran would hand its leases to that one during the stop.
 */
async function stopServers(servers: ServerChild[]): Promise<void> {
  for (const server of [...servers].reverse()) {
    const name = server.instanceId ? `server ${server.instanceId}` : 'server';
    const code = await server.stop();
    if (code) console.log(`${name} exited with ${code}`);
    for (const line of server.stderr.slice(0, 20)) console.log(`${name}: ${line}`);
    console.log(`${name} log: ${server.logFile} (${warnings(server.logFile)})`);
  }
}

/** How many of a server log's lines are warnings and errors (pino levels 40 and up). */
function warnings(logFile: string): string {
  const levels = readFileSync(logFile, 'utf8')
    .split('\n')
    .map((line) => /^\{"level":(\d+)/.exec(line)?.[1])
    .filter((level) => level !== undefined)
    .map(Number);
  const count = (min: number, max: number) => levels.filter((l) => l >= min && l < max).length;
  return `${count(40, 50)} warnings, ${count(50, 100)} errors`;
}

async function runLoad(servers: ServerChild[], players: BenchPlayer[]): Promise<Outcome> {
  const workers = new LoadWorkers(players, Number(values.workers), {
    ports: servers.map((s) => s.port),
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
  const serverCpu = servers.map((s) => new CpuMeter(() => processCpuSeconds(s.pid)));
  // The server's machine agent (--floor agent): its one child process.
  const agentPid = childPids(servers[0]!.pid)[0];
  const agentCpu = agentPid === undefined ? null : new CpuMeter(() => processCpuSeconds(agentPid));
  const generatorCpu = new CpuMeter(() => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1e6;
  });
  const boxCpu = new CpuMeter(() => boxCpuSeconds().busy);
  const figures: RunFigures = { samples: [], seconds, players: playerCount, loops: [] };
  const loopFrom = servers.map((s) => s.loop.length);
  workers.run();
  const started = performance.now();
  const end = started + seconds * 1000;
  let previous = await workers.report();
  let last = started;
  while (performance.now() < end - 50) {
    await new Promise((r) => setTimeout(r, Math.min(10_000, end - performance.now())));
    const report = await workers.report();
    // A server that is gone has no figures left to read: say how it ended and what it said.
    for (const server of servers) {
      const ended = server.ended();
      const name = server.instanceId ? `server ${server.instanceId}` : 'server';
      if (ended)
        throw new Error(`${name} ${ended}; stderr: ${server.stderr.slice(-20).join('\n')}`);
    }
    const now = performance.now();
    const instances = servers.map((s, i) => ({
      cores: serverCpu[i]!.sample(),
      rssMiB: processRssMiB(s.pid),
    }));
    const sample = {
      at: (now - started) / 1000,
      window: (now - last) / 1000,
      serverCores: instances.reduce((a, x) => a + x.cores, 0),
      generatorCores: generatorCpu.sample(),
      agentCores: agentCpu?.sample() ?? null,
      boxCores: boxCpu.sample(),
      serverRssMiB: instances.reduce((a, x) => a + x.rssMiB, 0),
      instances,
      report,
      previous,
    };
    figures.samples.push(sample);
    printProgress(sample);
    previous = report;
    last = now;
  }
  const final = await workers.finish();
  figures.loops = servers.map((s, i) => s.loop.slice(loopFrom[i]));
  return printFinal(final, figures);
}

/** The money invariants on the stopped server's database; the cents that drifted. */
async function checkMoney(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
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
