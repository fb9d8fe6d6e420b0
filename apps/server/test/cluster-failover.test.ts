// Two server instances behind HAProxy on one PostgreSQL, with a real machine agent (issue #19):
// the agent's instance owns its machine; a player whose /machine socket reached the other instance
// plays through it (relayed to the owner). Then the owner is killed with SIGKILL: the player sees
// the connection drop, the agent comes back through the proxy to the survivor, which takes the
// machine's lease over and brings the seat back from the database; the player rejoins with the
// same credits, the idle countdown closes the session exactly once, and every movement is in the
// ledger exactly once.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashAgentSecret, newAgentSecret } from '../src/modules/agents/credentials';
import { agentRepository } from '../src/modules/agents/repository';
import { nvramDir, request, socketTo, startAgentProcess } from './agent-support';
import { createPostgresDatabase } from './postgres-database';
import { freePort, untilHealthy } from './server-process';
import { startTestServer } from './support';

const MACHINE = 4;
const JWT_SECRET = 'cluster-failover-secret-long-enough-for-hs256!!';
const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
const sockets: Socket[] = [];
let db: { url: string; drop(): Promise<void> };
let sql: postgres.Sql;
const secret = newAgentSecret();
const instances: Record<string, { child: ChildProcess; base: string }> = {};
let proxy = '';

/** One instance as an operator runs it: main.ts in its own process. */
async function startInstance(id: string): Promise<void> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: db.url,
      DATA_DIR: mkdtempSync(path.join(tmpdir(), `reelcast-cluster-${id}-`)),
      JWT_SECRET,
      CLUSTER: '1',
      INSTANCE_ID: id,
      INSTANCE_URL: base,
      LOCAL_AGENT: '0',
      TRUST_PROXY: '127.0.0.1',
      PLAYER_DIST: '/nonexistent',
      CONSOLE_DIST: '/nonexistent',
      LOG_LEVEL: 'warn',
      FAULT_RATE_PER_HOUR: '0',
      SESSION_IDLE_MS: '8000',
      SESSION_GRACE_MS: '600000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  children.push(child);
  instances[id] = { child, base };
  await untilHealthy(base);
}

/** HAProxy in front of both, as start:cluster runs it (scripts/haproxy-cluster.cfg's rules). */
async function startProxy(): Promise<void> {
  const port = await freePort();
  const cfg = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-haproxy-')), 'haproxy.cfg');
  const servers = Object.entries(instances).map(
    ([id, { base }]) => `  server ${id} ${new URL(base).host} check inter 500 fall 2 rise 1`,
  );
  writeFileSync(
    cfg,
    [
      'defaults',
      '  mode http',
      '  timeout connect 1s',
      '  timeout client 60s',
      '  timeout server 60s',
      '  timeout tunnel 1h',
      '  retries 3',
      '  option redispatch',
      'frontend reelcast',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance roundrobin',
      '  option httpchk GET /healthz',
      ...servers,
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] });
  children.push(child);
  proxy = `http://127.0.0.1:${port}`;
  await untilHealthy(proxy, { limitMs: 20_000 });
}

const owner = async (): Promise<string | null> => {
  const rows = await sql`select instance_id from machine_owners
    where machine_id = ${MACHINE} and expires_at > now()`;
  return (rows[0]?.instance_id as string | undefined) ?? null;
};

async function login(base: string): Promise<{ token: string; id: number }> {
  const res = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'demo1234', site_id: 0 }),
  });
  expect(res.status).toBe(200);
  const body = await res.json();
  return { token: body.token, id: body.id ?? body.user?.id };
}

beforeAll(async () => {
  db = await createPostgresDatabase('reelcast_cluster_t');
  sql = postgres(db.url, { max: 2, onnotice: () => {} });
  // Seeded and the agent registered once, before the instances start.
  const first = await startTestServer('postgres', {}, undefined, { databaseUrl: db.url });
  await agentRepository.add(
    first.services.database.db,
    'box-cluster',
    await hashAgentSecret(secret),
    [MACHINE],
  );
  await first.close();
  await startInstance('a');
  await startInstance('b');
  await startProxy();
  children.push(
    startAgentProcess({
      url: proxy,
      agentId: 'box-cluster',
      secret,
      cabinets: `${MACHINE}:classic`,
      nvram: nvramDir(),
    }),
  );
}, 240_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await sql?.end();
  await db?.drop();
});

async function balance(): Promise<number> {
  const [row] = await sql`select balance from players where username = 'demo'`;
  return Number(row!.balance);
}

function machineSocket(base: string): Socket {
  const s = socketTo(`${base}/machine`);
  sockets.push(s);
  return s;
}

describe('an instance lost without losing a session', () => {
  it('the game goes on on the survivor with the same credits, and closes once', async () => {
    await expect.poll(owner, { timeout: 30_000 }).not.toBeNull();
    const first = (await owner())!;
    const other = first === 'a' ? 'b' : 'a';
    // Ready on both: the instance without the agent takes its players too (by relay).
    for (const { base } of Object.values(instances)) {
      await expect.poll(async () => (await fetch(`${base}/readyz`)).status).toBe(200);
    }
    const { token } = await login(proxy);
    const before = await balance();

    // Seated through the instance that does not own the machine: relayed to its owner.
    const s = machineSocket(instances[other]!.base);
    const joined = await request(s, 'init', { machineID: MACHINE, token });
    expect(joined.code).toBe(20000);
    expect((await request(s, 'transfer', { amount: 500 })).code).toBe(20000);
    expect((await request(s, 'press', { button: 'spin' })).pressed).toBe(true);
    const states: Array<{ credits: number; spinning?: boolean }> = [];
    s.on('machine', (state) => states.push(state));
    await expect.poll(() => states.at(-1)?.spinning === false, { timeout: 15_000 }).toBe(true);
    const credits = states.at(-1)!.credits;
    const [open] = await sql`select id from slot_sessions
      where machine_id = ${MACHINE} and status = 'open'`;
    const sessionId = Number(open!.id);

    // The reconnect dialog's list, asked of the instance that does not hold the seat.
    const listed = () =>
      fetch(`${instances[other]!.base}/player/slot-sessions/open`, {
        headers: { authorization: `Bearer ${token}` },
      }).then((r) => r.json());
    await expect
      .poll(listed, { timeout: 10_000 })
      .toEqual([expect.objectContaining({ id: sessionId, machineId: MACHINE, credits })]);

    // The owner dies: the player's connection drops (Connection Lost).
    const dropped = new Promise((resolve) => s.once('disconnect', resolve));
    instances[first]!.child.kill('SIGKILL');
    await dropped;

    // The survivor takes the machine over once the dead owner's lease runs out.
    await expect.poll(owner, { timeout: 30_000 }).toBe(other);
    const again = machineSocket(instances[other]!.base);
    const rejoined = await request(again, 'init', { machineID: MACHINE, token });
    expect(rejoined.code).toBe(20000);
    expect(rejoined.session.id).toBe(sessionId);
    expect(rejoined.machine.credits).toBe(credits);

    // Left alone, the idle countdown closes the session, once, with the credits paid back.
    await expect
      .poll(
        async () =>
          (await sql`select status from slot_sessions where id = ${sessionId}`)[0]?.status,
        { timeout: 60_000 },
      )
      .toBe('closed');
    const entries = await sql`select type, amount from ledger_entries
      where session_id = ${sessionId} order by id`;
    const cashIns = entries.filter((e) => Number(e.amount) < 0);
    const cashOuts = entries.filter((e) => Number(e.amount) > 0);
    expect(cashIns).toHaveLength(1);
    expect(cashOuts).toHaveLength(credits > 0 ? 1 : 0);
    expect(await balance()).toBe(before - 500 + credits);
  }, 180_000);
});
