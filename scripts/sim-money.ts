// Seeded money simulation with crashes: `npm run sim:money -- --seed S --ops N --kills K --players P`.
// Drives the real server (a child process on a throwaway PostgreSQL database) through its HTTP
// API and /machine sockets with P players and the staff, SIGKILLs it K times in the middle of a
// transfer, a spin, a cash-out, a claim, a hand pay or an operator deposit, restarts it, and
// checks the money invariants after every kill, every restart and at the end (scripts/proof/
// invariants.ts). The same seed replays the same sequence of decisions (the plan's digest is
// printed); a failure prints the seed and the step. The last line is the verdict; anything but
// zeros exits 1.
// `--instances N` (N > 1) runs a cluster instead (CLUSTER=1, issue #19): N instances on the one
// database, each actor routed to a live one as a proxy would, and each kill takes down one
// instance the seed picks while the others keep serving (scripts/sim/cluster.ts).
// `--floor agent` hosts the cabinets on the machine agent process the server starts beside itself
// (LOCAL_AGENT, as `npm start` runs them) instead of in the server's process; npm test runs the
// short form both ways.
import { parseArgs } from 'node:util';
import { centsOf, type Violation } from './proof/invariants';
import { Actors, type PlayerState } from './sim/actors';
import { type Checkpoint, checkpoint } from './sim/checks';
import { signIn } from './sim/client';
import { Servers } from './sim/cluster';
import { makePlan, planDigest } from './sim/plan';
import { Rng } from './sim/rng';
import { runPlan } from './sim/runner';
import {
  createDatabase,
  insertPlayers,
  SIM_PASSWORD,
  type SimDatabase,
  usernameOf,
} from './sim/setup';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    ops: { type: 'string', default: '1500' },
    kills: { type: 'string', default: '3' },
    players: { type: 'string', default: '50' },
    instances: { type: 'string', default: '1' },
    width: { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
    floor: { type: 'string', default: 'direct' },
  },
});
if (values.floor !== 'direct' && values.floor !== 'agent') {
  throw new Error(`--floor ${values.floor}: direct or agent`);
}
const seed = Number(values.seed);
const opsCount = Number(values.ops);
const killCount = Number(values.kills);
const playerCount = Number(values.players);
const instanceCount = Number(values.instances);
if (!Number.isInteger(instanceCount) || instanceCount < 1) {
  throw new Error(`--instances ${values.instances}: a whole number from 1`);
}
const GRACE_MS = 3_000;

const serverEnv = (url: string): Record<string, string> => ({
  DATABASE_URL: url,
  LOCAL_AGENT: values.floor === 'agent' ? '1' : '0',
  SEED_DEMO: 'true',
  JWT_SECRET: `sim-secret-${seed}-that-is-long-enough-for-hs256`,
  FAULT_RATE_PER_HOUR: '0',
  SESSION_GRACE_MS: String(GRACE_MS),
  SESSION_IDLE_MS: '20000',
  HAND_PAY_LIMIT: '1500',
  LOGIN_RATE_PER_MINUTE: '100000',
  LOCKOUT_ENABLED: 'false',
  FLOOR_FPS: '1',
  VIDEO_START_TIMEOUT_MS: '3600000',
  SIGNAL_RATE_PER_SECOND: '1000',
  LOG_LEVEL: 'warn',
  PLAYER_DIST: '/nonexistent',
});

const seen = new Map<string, Violation>();

function report(label: string, step: number, c: Checkpoint): void {
  for (const v of c.violations) {
    const id = `${v.invariant}|${v.subject}|${v.detail}`;
    if (seen.has(id)) continue;
    seen.set(id, v);
    process.stdout.write(
      `FAIL seed ${seed} step ${step} (${label}): ${v.invariant} ${v.subject}: ${v.detail}\n`,
    );
  }
  if (c.floor !== 0) {
    process.stdout.write(
      `FAIL seed ${seed} step ${step} (${label}): floor total off by ${c.floor}\n`,
    );
  }
}

async function fund(actors: Actors, rng: Rng): Promise<void> {
  for (let i = 0; i < playerCount; i++) {
    await actors.sendOperator({
      key: `sim-${seed}-fund-${i}`,
      player: i,
      direction: 'deposit',
      amount: rng.between(50, 400) * 100,
    });
  }
}

/** The players signed up, signed in (each on its route) and funded; the staff signed in. */
async function enter(database: SimDatabase, servers: Servers, machines: number[]) {
  const ids = await insertPlayers(database.url, playerCount);
  const players: PlayerState[] = ids.map((id, i) => ({
    id,
    username: usernameOf(i),
    token: '',
    socket: null,
    machine: null,
  }));
  const route = (actor: number) => servers.route(actor);
  const actors = new Actors(route, players, database.sql, machines, GRACE_MS);
  actors.staffToken = (await signIn(route(playerCount), 'staff', 'staff1234')) ?? '';
  for (const [i, p] of players.entries()) {
    p.token = (await signIn(route(i), p.username, SIM_PASSWORD)) ?? '';
  }
  if (!actors.staffToken || players.some((p) => !p.token)) throw new Error('sign-in failed');
  await fund(actors, new Rng(seed ^ 0x5eed));
  return actors;
}

async function main(): Promise<void> {
  const started = Date.now();
  const database = await createDatabase();
  const servers = await Servers.create(instanceCount, seed, serverEnv(database.url));
  try {
    await servers.start();
    const machines = (await database.sql`select id from machines order by id`).map((r) =>
      Number(r.id),
    );
    const actors = await enter(database, servers, machines);
    const plan = makePlan({
      seed,
      ops: opsCount,
      kills: killCount,
      players: playerCount,
      machines,
    });
    const logs = servers.instances.map((s) => s.logFile).join(', ');
    process.stdout.write(
      `money sim: seed ${seed}, plan ${planDigest(plan)}, ${machines.length} machines (floor ${values.floor}), server ${servers.clustered ? 'logs' : 'log'} ${logs}\n`,
    );
    const check = async (label: string, step: number, live: boolean) => {
      // Live: asked of each machine's owner, once every machine has one that is up.
      const owners = live ? await servers.owners(database.sql, machines) : undefined;
      const base = servers.route(0);
      const c = await checkpoint(database.sql, actors, owners ? { base, machines, owners } : null);
      report(label, step, c);
      return c;
    };
    let shown = 0;
    const kills = await runPlan(plan, actors, servers, Number(values.width), {
      checkpoint: check,
      progress: (step) => {
        const tenth = Math.floor(((step + 1) * 10) / opsCount);
        if (tenth > shown) {
          shown = tenth;
          const s = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`  ${step + 1} ops, ${s} s\n`);
        }
      },
      restarted: (label, step, downMs) => {
        const s = (downMs / 1000).toFixed(1);
        process.stdout.write(`  ${label} at step ${step}: back after ${s} s\n`);
      },
    });
    // The end: in play, then stopped as an operator stops it, then started once more.
    await new Promise((r) => setTimeout(r, 1500));
    await check('end, running', opsCount, true);
    actors.forgetSockets();
    await servers.stop();
    await check('end, stopped', opsCount, false);
    await servers.start();
    const last = await check('end, restarted', opsCount, true);
    await servers.stop();
    finish(kills, last, started, actors);
  } finally {
    await servers.stop();
    servers.close();
    if (!values.keep) await database.drop();
    else await database.sql.end();
  }
}

function finish(kills: number, last: Checkpoint, started: number, actors: Actors): void {
  const { lost, created } = centsOf(last.violations);
  const floorLost = Math.max(0, -last.floor);
  const floorCreated = Math.max(0, last.floor);
  const tally = [...actors.tally].sort(([a], [b]) => a.localeCompare(b));
  process.stdout.write(`  answers: ${tally.map(([k, v]) => `${k}×${v}`).join(', ')}\n`);
  process.stdout.write(`  ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  const lostCents = Math.max(lost, floorLost);
  const createdCents = Math.max(created, floorCreated);
  process.stdout.write(
    `money sim: seed ${seed}, ${opsCount} ops, ${kills} kills, ${playerCount} players${instanceCount > 1 ? ` (${instanceCount} instances)` : ''}: ${lostCents} cents lost, ${createdCents} cents created, ${seen.size} violations\n`,
  );
  process.exitCode = lostCents === 0 && createdCents === 0 && seen.size === 0 ? 0 : 1;
}

main().catch((e) => {
  process.stderr.write(`money sim: seed ${seed} failed: ${e instanceof Error ? e.stack : e}\n`);
  process.exitCode = 1;
});
