// GET /metrics as an operator's Prometheus reads it, and /readyz as a load balancer does: a short
// game played over the real socket moves each counter by what the game did; the token keeps
// strangers out; /readyz turns 503, naming the check, when the floor has no agent connected or
// the database lacks a migration this build ships.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machineClients } from './machine-clients';
import { loginToken, startTestServer, type TestServer, tokenFor } from './support';

const METRICS_TOKEN = 'metrics-token-for-the-test-only';

/** One scrape: each sample by its name and labels, `name{a="1",b="2"}` with labels sorted. */
type Scrape = Map<string, number>;

function parseExposition(text: string): Scrape {
  const samples: Scrape = new Map();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not an exposition line: ${line}`);
    const labels = [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)]
      .map(([, k, v]) => `${k}="${v}"`)
      .sort();
    samples.set(`${m[1]}{${labels.join(',')}}`, Number(m[3]));
  }
  return samples;
}

/** The sample's value (0 when absent: a counter not yet incremented has no sample). */
function sample(scrape: Scrape, name: string, labels: Record<string, string | number> = {}) {
  const key = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort()
    .join(',');
  return scrape.get(`${name}{${key}}`) ?? 0;
}

async function scrape(server: TestServer): Promise<Scrape> {
  const res = await server.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(res.body);
}

const readyz = async (server: TestServer) => {
  const res = await server.app.inject({ method: 'GET', url: '/readyz' });
  return { status: res.statusCode, body: res.json() };
};

describe('metrics after a short game', () => {
  const clients = machineClients('pglite', {
    METRICS_TOKEN,
    // Nothing but the game moves money: no progressive hit, the whole day's bets as bonus.
    JACKPOT_CONTRIBUTION: '0',
    BONUS_PERCENT: '100',
  });
  const machineId = 6;

  it('answers 401 in the error shape without the token or with a wrong one', async () => {
    const { app } = clients.server;
    const none = await app.inject({ method: 'GET', url: '/metrics' });
    expect([none.statusCode, none.json().code]).toEqual([401, 40100]);
    expect(none.json()).toMatchObject({ ErrorMessage: expect.any(String), Params: {} });
    const wrong = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}x` },
    });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 40100]);
    // A player's own token is not the metrics token.
    const player = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${await loginToken(clients.server)}` },
    });
    expect(player.statusCode).toBe(401);
  });

  it('counts the sign-in, the socket, the money, the claim, the refusals and the process', async () => {
    const { server } = clients;
    const agent = server.services.floor.agent(machineId)!;
    const before = await scrape(server);
    const delta = (name: string, labels: Record<string, string | number> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    let after = before;

    const token = await loginToken(server, 'demo');
    const s = clients.connect();
    expect((await clients.request(s, 'init', { machineID: machineId, token })).code).toBe(20000);
    expect((await clients.request(s, 'transfer', { amount: 100 })).code).toBe(20000);
    const ended = new Promise<{ bet: number }>((resolve) => {
      const done = (e: { bet: number }) => {
        agent.off('game-ended', done);
        resolve(e);
      };
      agent.on('game-ended', done);
    });
    expect((await clients.request(s, 'press', { button: 'spin' })).code).toBe(20000);
    const { bet } = await ended;
    // The spin is recorded on the machine's chain of writes: this one commits after it.
    await server.services.meters.record(machineId, async () => {});

    // Mid-game: the seat is taken and its video offered to the one viewer.
    const seated = await scrape(server);
    expect(sample(seated, 'reelcast_seats', { state: 'seated' })).toBe(1);
    expect(sample(seated, 'reelcast_video_viewers', { machine: machineId })).toBe(1);
    expect(sample(seated, 'reelcast_socket_connections', { namespace: '/machine' })).toBe(1);
    expect(
      sample(seated, 'reelcast_video_frames_sent_total', { machine: machineId }),
    ).toBeGreaterThan(sample(before, 'reelcast_video_frames_sent_total', { machine: machineId }));

    const out = await clients.request(s, 'cashout', {});
    expect(out.code).toBe(20000);
    expect(out.amount).toBeGreaterThan(0);
    expect((await clients.request(s, 'leave', {})).code).toBe(20000);
    const bonus = await server.app.inject({
      method: 'GET',
      url: '/player/bonus',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bonus.json().code).toBe(20000);
    // One malformed request (40000) and one wrong password (10700, counted towards a lock).
    expect(
      (await server.app.inject({ method: 'POST', url: '/login', payload: {} })).statusCode,
    ).toBe(400);
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'demo2', password: 'not-the-password', site_id: 0 },
    });
    expect(wrong.json().code).toBe(10700);
    await server.app.inject({ method: 'GET', url: '/no-such-page?id=1' });
    after = await scrape(server);

    // Money: one Cash In, one Cash Out, one bonus deposit, each with its commit timed.
    expect(delta('reelcast_ledger_postings_total', { type: 'cashIn' })).toBe(1);
    expect(delta('reelcast_ledger_postings_total', { type: 'cashOut' })).toBe(1);
    expect(delta('reelcast_ledger_postings_total', { type: 'deposit' })).toBe(1);
    expect(delta('reelcast_ledger_commit_seconds_count', { type: 'cashIn' })).toBe(1);
    expect(delta('reelcast_ledger_commit_seconds_count', { type: 'cashOut' })).toBe(1);
    expect(delta('reelcast_claims_paid_total', { kind: 'bonus' })).toBe(1);
    expect(delta('reelcast_claims_paid_cents_total', { kind: 'bonus' })).toBe(bet);
    expect(delta('reelcast_claims_paid_total', { kind: 'discount' })).toBe(0);

    // HTTP by route pattern and status: the two logins that passed, the two that did not.
    const route = (r: string, method: string, status: number) =>
      delta('reelcast_http_request_duration_seconds_count', { method, route: r, status });
    expect(route('/login', 'POST', 200)).toBe(1);
    expect(route('/login', 'POST', 400)).toBe(1);
    expect(route('/login', 'POST', 401)).toBe(1);
    expect(route('/player/bonus', 'GET', 200)).toBe(1);
    // The scrapes before and during the game: each is counted once it has been answered.
    expect(route('/metrics', 'GET', 200)).toBe(2);
    // A path no route has is one label, not one per URL asked for.
    expect(route('unmatched', 'GET', 404)).toBe(1);
    expect([...after.keys()].some((k) => k.includes('/no-such-page'))).toBe(false);
    expect(delta('reelcast_refusals_total', { code: 40000 })).toBe(1);
    expect(delta('reelcast_refusals_total', { code: 40400 })).toBe(1);
    expect(delta('reelcast_refusals_total', { code: 10700 })).toBe(1);
    expect(delta('reelcast_login_failures_total', { reason: 'credentials' })).toBe(1);
    expect(delta('reelcast_login_locks_total')).toBe(0);

    // The socket: one /machine connection and each of its requests by event name.
    expect(delta('reelcast_socket_connections_total', { namespace: '/machine' })).toBe(1);
    for (const event of ['init', 'transfer', 'press', 'cashout', 'leave']) {
      expect(delta('reelcast_socket_events_total', { namespace: '/machine', event })).toBe(1);
    }
    // Left: the seat is free again and its video closed.
    expect(sample(after, 'reelcast_seats', { state: 'seated' })).toBe(0);
    expect(sample(after, 'reelcast_video_viewers', { machine: machineId })).toBe(0);

    // The process, from prom-client's defaults.
    expect(sample(after, 'reelcast_process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.has('reelcast_process_cpu_seconds_total{}')).toBe(true);
    expect(after.has('reelcast_nodejs_eventloop_lag_p99_seconds{}')).toBe(true);

    s.disconnect();
    await expect
      .poll(async () =>
        sample(await scrape(server), 'reelcast_socket_connections', { namespace: '/machine' }),
      )
      .toBe(0);
  });

  it('counts a name locked by failed logins, and the logins refused while it is locked', async () => {
    const { app } = clients.server;
    const before = await scrape(clients.server);
    const attempt = () =>
      app.inject({
        method: 'POST',
        url: '/login',
        payload: { username: 'nobody-by-this-name', password: 'wrong-password', site_id: 0 },
      });
    // LOCKOUT_ATTEMPTS (3) failures lock the name; the next is refused without a check.
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt()).json().code);
    expect(codes).toEqual([10700, 10700, 10702, 10702]);
    const after = await scrape(clients.server);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      sample(after, name, labels) - sample(before, name, labels);
    expect(delta('reelcast_login_failures_total', { reason: 'credentials' })).toBe(3);
    expect(delta('reelcast_login_failures_total', { reason: 'locked' })).toBe(1);
    expect(delta('reelcast_login_locks_total')).toBe(1);
    expect(delta('reelcast_refusals_total', { code: '10702' })).toBe(2);
  });

  it('/readyz is 200 with every check, and 503 naming agents while every cabinet is off line', async () => {
    const { server } = clients;
    const ready = await readyz(server);
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ status: 'ready', failed: [] });
    for (const check of ['database', 'migrations', 'floor', 'agents']) {
      expect(ready.body.checks[check].ok).toBe(true);
    }

    // Every cabinet's link down, as staff (or lost links) would have it: no agent connected.
    const staff = await tokenFor(server, 'staff');
    const machines = [...server.services.floor.all()].map((a) => a.machineId);
    const setOffline = (active: boolean) =>
      Promise.all(
        machines.map(async (id) => {
          const res = await server.app.inject({
            method: 'POST',
            url: '/staff/machine-fault',
            headers: { authorization: `Bearer ${staff}` },
            payload: { machineId: id, fault: 'offline', active },
          });
          expect(res.statusCode).toBe(200);
        }),
      );
    await setOffline(true);
    try {
      const down = await readyz(server);
      expect(down.status).toBe(503);
      expect(down.body.status).toBe('not ready');
      expect(down.body.failed).toEqual(['agents']);
      expect(down.body.checks.agents.detail).toBe(`0 of ${machines.length} agents connected`);
      expect(sample(await scrape(server), 'reelcast_agents_connected')).toBe(0);
      // Liveness is another question: the process still answers.
      expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await setOffline(false);
    }
    expect((await readyz(server)).status).toBe(200);
    expect(sample(await scrape(server), 'reelcast_agents_connected')).toBe(machines.length);
  });
});

describe('metrics without METRICS_TOKEN, and a database missing a migration', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer('pglite');
  });
  afterAll(() => server.close());

  it('/metrics answers exactly as a path that does not exist', async () => {
    const asked = await server.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    });
    const nothing = await server.app.inject({ method: 'GET', url: '/no-such-path' });
    expect(asked.statusCode).toBe(404);
    expect(asked.json()).toMatchObject({ code: 40400, Params: { path: '/metrics' } });
    expect(asked.json().ErrorMessage).toBe(nothing.json().ErrorMessage);
  });

  it('/readyz names the migrations when the database has not applied one this build ships', async () => {
    // The newest migration's record gone: as a database left by an older build would be.
    await server.services.database.db.execute(
      sql`delete from drizzle.__drizzle_migrations
          where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    );
    const down = await readyz(server);
    expect(down.status).toBe(503);
    expect(down.body.failed).toEqual(['migrations']);
    expect(down.body.checks.migrations.detail).toMatch(/^\d+ of \d+ applied; missing \d{4}_\w+$/);
  });
});
