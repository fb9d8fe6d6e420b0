// The real start-up (main.ts in its own process): which database gets demo accounts, what the
// banner prints, and the data directory's permissions.
import { spawn } from 'node:child_process';
import { chmodSync, lstatSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { createPostgresDatabase } from './support';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/**
 * Starts the server with `env`, waits until it runs, calls `whileRunning`, stops it; answers
 * what it printed.
 */
function runServer(
  env: Record<string, string>,
  whileRunning: () => void | Promise<void> = () => {},
): Promise<string> {
  const inherited = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'SEED_DEMO', 'JWT_SECRET']) delete inherited[key];
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...inherited,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      FAULT_RATE_PER_HOUR: '0',
      FLOOR_FPS: '1',
      PLAYER_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let running = false;
  let failure: unknown = null;
  child.stdout.on('data', (b) => {
    out += b;
    if (running || !out.includes('Reelcast is running')) return;
    running = true;
    Promise.resolve()
      .then(whileRunning)
      .catch((e) => {
        failure = e;
      })
      .finally(() => child.kill('SIGTERM'));
  });
  child.stderr.on('data', (b) => {
    out += b;
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${out}`));
    }, 50_000);
    child.on('exit', () => {
      clearTimeout(timer);
      if (failure) reject(failure);
      else if (out.includes('Reelcast is running')) resolve(out);
      else reject(new Error(`server did not start:\n${out}`));
    });
  });
}

const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

async function pgliteCounts(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const { rows } = (await database.db.execute(
      `select (select count(*)::int from players) as players,
        (select count(*)::int from players where username = 'staff') as staff,
        (select count(*)::int from machines) as machines`,
    )) as unknown as { rows: Array<{ players: number; staff: number; machines: number }> };
    return rows[0]!;
  } finally {
    await database.close();
  }
}

async function postgresCounts(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [p] = await sql`select count(*)::int as n,
      count(*) filter (where username = 'staff')::int as staff from players`;
    const [m] = await sql`select count(*)::int as n from machines`;
    return { players: p!.n as number, staff: p!.staff as number, machines: m!.n as number };
  } finally {
    await sql.end();
  }
}

describe('demo data at start-up', () => {
  const drops: Array<() => Promise<void>> = [];
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('a DATABASE_URL database gets the floor but no demo accounts, and no logins are printed', async () => {
    const pg = await createPostgresDatabase();
    drops.push(pg.drop);
    const out = await runServer({ DATABASE_URL: pg.url, DATA_DIR: tmp('reelcast-start-') });
    expect(out).not.toContain('Demo logins');
    expect(out).not.toContain('staff1234');
    const counts = await postgresCounts(pg.url);
    expect(counts).toMatchObject({ players: 0, staff: 0 });
    expect(counts.machines).toBeGreaterThan(0);
  });

  it('a DATABASE_URL database gets demo accounts when asked (SEED_DEMO=true)', async () => {
    const pg = await createPostgresDatabase();
    drops.push(pg.drop);
    const out = await runServer({
      DATABASE_URL: pg.url,
      DATA_DIR: tmp('reelcast-start-'),
      SEED_DEMO: 'true',
    });
    expect(out).toContain('Demo logins');
    expect(await postgresCounts(pg.url)).toMatchObject({ staff: 1 });
  });

  it('the embedded database gets demo data by default and prints the logins', async () => {
    const dataDir = tmp('reelcast-start-');
    const first = await runServer({ DATA_DIR: dataDir });
    expect(first).toContain('Demo logins: demo / demo1234');
    expect(await pgliteCounts(dataDir)).toMatchObject({ staff: 1 });
  });

  it('SEED_DEMO=false keeps demo data out of the embedded database too', async () => {
    const dataDir = tmp('reelcast-start-');
    const out = await runServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    expect(out).not.toContain('Demo logins');
    const counts = await pgliteCounts(dataDir);
    expect(counts).toMatchObject({ players: 0, staff: 0 });
    expect(counts.machines).toBeGreaterThan(0);
  });
});

/** Every entry under `dir` (itself included) with its mode bits and owner. */
function tree(dir: string): Array<{ path: string; dir: boolean; mode: number; uid: number }> {
  const st = lstatSync(dir);
  const out = [{ path: dir, dir: true, mode: st.mode & 0o777, uid: st.uid }];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...tree(full));
    else {
      const f = lstatSync(full);
      out.push({ path: full, dir: false, mode: f.mode & 0o777, uid: f.uid });
    }
  }
  return out;
}

/** Entries whose mode is not 0700 (directories) / 0600 (files), or not owned by `uid`. */
const exposed = (dir: string, uid: number) =>
  tree(dir)
    .filter((e) => e.mode !== (e.dir ? 0o700 : 0o600) || e.uid !== uid)
    .map((e) => `${e.mode.toString(8)} uid ${e.uid} ${e.path}`);

describe('the data directory', () => {
  // Started as root, the server becomes nobody (RUN_AS_UID) and owns its data.
  const serverUid = process.getuid?.() === 0 ? 65534 : process.getuid!();

  it('is 0700 with files 0600 after a start on world-writable files, new ones included', async () => {
    const dataDir = tmp('reelcast-modes-');
    await runServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    // As an older version left it: the embedded database's files 0666, directories 0777.
    for (const e of tree(dataDir)) chmodSync(e.path, e.dir ? 0o777 : 0o666);
    writeFileSync(path.join(dataDir, 'pglite', 'stray-file'), 'x', { mode: 0o666 });
    chmodSync(path.join(dataDir, 'pglite', 'stray-file'), 0o666);
    expect(exposed(dataDir, serverUid).length).toBeGreaterThan(100);

    // While it runs (the database open, its files being written) and after it stops.
    await runServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, () => {
      expect(exposed(dataDir, serverUid)).toEqual([]);
    });
    expect(exposed(dataDir, serverUid)).toEqual([]);
  });

  it('a fresh data directory is created private', async () => {
    const parent = tmp('reelcast-modes-');
    // The server, once it is nobody, must reach its data directory through the parent.
    chmodSync(parent, 0o755);
    const dataDir = path.join(parent, 'data');
    await runServer({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, () => {
      expect(exposed(dataDir, serverUid)).toEqual([]);
    });
    expect(exposed(dataDir, serverUid)).toEqual([]);
  });
});
