// Seeded money simulation with crashes: `npm run sim:money -- --seed S --ops N --kills K --players P`.
// Drives the real server (a child process on a throwaway PostgreSQL database) through its HTTP
// API and /machine sockets with P players and the staff, SIGKILLs it K times in the middle of a
// transfer, a spin, a cash-out, a claim, a hand pay or an operator deposit, restarts it, and
// checks the money invariants after every kill, every restart and at the end (scripts/proof/
// invariants.ts). The same seed replays the same sequence of decisions (the plan's digest is
// printed); a failure prints the seed and the step. The last line is the verdict; anything but
// zeros exits 1.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { centsOf, type Violation } from './proof/invariants';
import { Actors, type PlayerState } from './sim/actors';
import { type Checkpoint, checkpoint } from './sim/checks';
import { signIn } from './sim/client';
import { makePlan, planDigest } from './sim/plan';
import { Rng } from './sim/rng';
import { runPlan } from './sim/runner';
import { freePort, ServerProcess } from './sim/server';
import { createDatabase, insertPlayers, SIM_PASSWORD, usernameOf } from './sim/setup';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    ops: { type: 'string', default: '1500' },
    kills: { type: 'string', default: '3' },
    players: { type: 'string', default: '50' },
    width: { type: 'string', default: '12' },
    keep: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const opsCount = Number(values.ops);
const killCount = Number(values.kills);
const playerCount = Number(values.players);
const GRACE_MS = 3_000;

const serverEnv = (url: string): Record<string, string> => ({
  DATABASE_URL: url,
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

async function main(): Promise<void> {
  const started = Date.now();
  const database = await createDatabase();
  const port = await freePort();
  const logFile = path.join(process.env.TMPDIR ?? '/tmp', `reelcast-sim-${seed}-${port}.log`);
  const server = new ServerProcess(port, serverEnv(database.url), logFile);
  try {
    await server.start();
    const ids = await insertPlayers(database.url, playerCount);
    const machines = (await database.sql`select id from machines order by id`).map((r) =>
      Number(r.id),
    );
    const players: PlayerState[] = ids.map((id, i) => ({
      id,
      username: usernameOf(i),
      token: '',
      socket: null,
      machine: null,
    }));
    const actors = new Actors(() => server.url, players, database.sql, machines, GRACE_MS);
    actors.staffToken = (await signIn(server.url, 'staff', 'staff1234')) ?? '';
    for (const p of players) p.token = (await signIn(server.url, p.username, SIM_PASSWORD)) ?? '';
    if (!actors.staffToken || players.some((p) => !p.token)) throw new Error('sign-in failed');
    await fund(actors, new Rng(seed ^ 0x5eed));

    const plan = makePlan({
      seed,
      ops: opsCount,
      kills: killCount,
      players: playerCount,
      machines,
    });
    process.stdout.write(
      `money sim: seed ${seed}, plan ${planDigest(plan)}, ${machines.length} machines, server log ${logFile}\n`,
    );
    const check = async (label: string, step: number, live: boolean) => {
      const c = await checkpoint(
        database.sql,
        actors,
        live ? { base: server.url, machines } : null,
      );
      report(label, step, c);
      return c;
    };
    let shown = 0;
    const kills = await runPlan(plan, actors, server, Number(values.width), {
      checkpoint: check,
      progress: (step) => {
        const tenth = Math.floor(((step + 1) * 10) / opsCount);
        if (tenth > shown) {
          shown = tenth;
          const s = ((Date.now() - started) / 1000).toFixed(0);
          process.stdout.write(`  ${step + 1} ops, ${s} s\n`);
        }
      },
    });
    // The end: in play, then stopped as an operator stops it, then started once more.
    await new Promise((r) => setTimeout(r, 1500));
    await check('end, running', opsCount, true);
    actors.forgetSockets();
    await server.stop();
    await check('end, stopped', opsCount, false);
    await server.start();
    const last = await check('end, restarted', opsCount, true);
    await server.stop();
    finish(kills, last, started, actors);
  } finally {
    await server.stop();
    server.close();
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
    `money sim: seed ${seed}, ${opsCount} ops, ${kills} kills, ${playerCount} players: ${lostCents} cents lost, ${createdCents} cents created, ${seen.size} violations\n`,
  );
  process.exitCode = lostCents === 0 && createdCents === 0 && seen.size === 0 ? 0 : 1;
}

main().catch((e) => {
  process.stderr.write(`money sim: seed ${seed} failed: ${e instanceof Error ? e.stack : e}\n`);
  process.exitCode = 1;
});
