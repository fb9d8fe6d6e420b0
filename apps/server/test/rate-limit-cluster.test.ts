// The per-route rate limits with several instances (issue #19, CLUSTER): /login counts per client
// address in PostgreSQL, once for the whole cluster. A client that alternates between two
// instances is refused at the limit + 1-th login overall, a third instance started later still
// refuses it, and the window restarts once it has ended. (Counted in memory, as with one instance,
// each of these fails: each instance allows the limit on its own, and a new one knows of no hits.)
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rateLimitRepository, sharedRateLimits } from '../src/modules/cluster/rate-limit-store';
import { createPostgresDatabase } from './postgres-database';
import { startTestServer, type TestServer } from './support';

const LIMIT = 4;

let db: { url: string; drop(): Promise<void> };
let a: TestServer;
let b: TestServer;

const instance = (name: string) =>
  startTestServer(
    'postgres',
    { CLUSTER: '1', INSTANCE_ID: name, LOGIN_RATE_PER_MINUTE: String(LIMIT) },
    undefined,
    { databaseUrl: db.url },
  );

/** A wrong login from the address: a name no account has, so no lockout answers first. */
async function guess(server: TestServer, remoteAddress: string, i: number) {
  const res = await server.app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: `nobody-${i}`, password: `guess-${i}` },
    remoteAddress,
  });
  return { status: res.statusCode, code: res.json().code as number };
}

beforeAll(async () => {
  db = await createPostgresDatabase();
  a = await instance('rate-a');
  b = await instance('rate-b');
}, 90_000);

afterAll(async () => {
  await b?.close();
  await a?.close();
  await db?.drop();
});

describe('login rate shared by the instances', () => {
  const address = '10.1.0.7';

  it('refuses the limit + 1-th login overall, whichever instance it reaches', async () => {
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await guess(i % 2 ? b : a, address, i));
    expect(answers.map((r) => r.code)).toEqual([
      ...Array(LIMIT).fill(10700),
      42900, // §8 rate limited
      42900,
    ]);
    expect(answers[LIMIT]?.status).toBe(429);
    // Another address has its own count.
    expect((await guess(b, '10.1.0.8', 99)).code).toBe(10700);
  });

  it('an instance started afterwards still refuses the address', async () => {
    const c = await instance('rate-c');
    try {
      expect(await guess(c, address, 100)).toEqual({ status: 429, code: 42900 });
    } finally {
      await c.close();
    }
  });

  it('a hit the database failed to count lets the login through, not a 500', async () => {
    const hit = vi
      .spyOn(rateLimitRepository, 'hit')
      .mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect(await guess(a, '10.1.0.9', 200)).toEqual({ status: 401, code: 10700 });
      expect(hit).toHaveBeenCalledTimes(1);
    } finally {
      hit.mockRestore();
    }
  });
});

describe('the store', () => {
  const runner = () => a.app.database.db;

  it('restarts the window once it has ended, and the sweep deletes ended windows', async () => {
    const key = 'POST/test-10.2.0.1';
    const first = await rateLimitRepository.hit(runner(), key, 400);
    expect(first.current).toBe(1);
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(400);
    expect((await rateLimitRepository.hit(runner(), key, 400)).current).toBe(2);
    expect((await rateLimitRepository.read(runner(), key)).current).toBe(2);
    await new Promise((r) => setTimeout(r, 500));
    expect(await rateLimitRepository.read(runner(), key)).toEqual({ current: 0, ttl: 0 });
    expect((await rateLimitRepository.hit(runner(), key, 400)).current).toBe(1);
    await new Promise((r) => setTimeout(r, 500));
    expect(await rateLimitRepository.deleteEnded(runner())).toBeGreaterThanOrEqual(1);
  });

  it('counts every one of many hits at once from both instances, each once', async () => {
    const key = 'POST/test-10.2.0.2';
    const counts = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        rateLimitRepository.hit((i % 2 ? b : a).app.database.db, key, 60_000),
      ),
    );
    expect(counts.map((c) => c.current).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
  });

  it('keys each route apart, as the library asks of child()', async () => {
    const shared = sharedRateLimits(runner(), a.app.log);
    try {
      const root = new shared.Store({});
      const login = root.child({ routeInfo: { method: 'POST', url: '/login' } } as never);
      const pin = root.child({ routeInfo: { method: 'POST', url: '/player/pin' } } as never);
      const incr = (store: typeof login) =>
        new Promise<number>((resolve, reject) =>
          store.incr(
            '10.2.0.3',
            (err, res) => (err ? reject(err) : resolve(res!.current)),
            60_000,
            5,
          ),
        );
      expect([await incr(login), await incr(login), await incr(pin)]).toEqual([1, 2, 1]);
    } finally {
      await shared.stop();
    }
  });
});
