// The wait lists are rows (issue #19): a queue and its pending ready prompt outlive a restart of
// the server on the same data, with the prompt's end as it was; a prompt that ran out while no
// server ran goes to the next in line at the next start, and one still running is timed again.
// On PostgreSQL two instances read the same lists: a player who joins on one has their place on
// the other. (Kept in memory, each of these fails: the restart or the other instance has none.)
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from './manual-clock';
import { createPostgresDatabase } from './postgres-database';
import { freePort } from './server-process';
import { callAs, playerRow, startTestServer, type TestServer, tokenFor } from './support';

const MACHINE = 5;
const READY_SECONDS = 30;

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

const as = async (
  server: TestServer,
  username: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) => (await callAs(server, await tokenFor(server, username), method, url, payload)).body;

const placeOf = async (server: TestServer, username: string): Promise<Json> =>
  (await as(server, username, 'GET', '/player/wait-list')).entry;

describe('wait list across a restart (PGlite on disk)', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-wait-list-'));
  const running: TestServer[] = [];
  afterEach(async () => {
    for (const s of running.splice(0)) await s.close();
  });

  /** A server on dataDir's data, its seats (and the wait list) on the given clock. */
  async function boot(clock = new ManualClock()): Promise<TestServer & { clock: ManualClock }> {
    const server = await startTestServer(
      'pglite',
      {
        DATA_DIR: dataDir,
        WAIT_LIST_READY_SECONDS: String(READY_SECONDS),
        WAIT_LIST_AWAY_SECONDS: '3600',
      },
      undefined,
      { dataDir },
      { clock },
    );
    running.push(server);
    return { ...server, clock };
  }

  let offeredUntil = '';

  it('a queue and its pending ready prompt survive the restart', async () => {
    const first = await boot();
    // The machine is busy (reserved): a queue forms behind it, in the order of joining.
    expect(
      (await as(first, 'nomenu', 'POST', '/player/reserve', { machineId: MACHINE })).code,
    ).toBe(20000);
    for (const username of ['demo2', 'selin', 'demo0']) {
      expect(
        (await as(first, username, 'POST', '/player/wait-list', { machineId: MACHINE })).code,
      ).toBe(20000);
    }
    // The machine frees: its first in line gets the ready prompt.
    await as(first, 'nomenu', 'POST', '/player/reserve/release');
    await expect.poll(async () => (await placeOf(first, 'demo2'))?.state).toBe('ready');
    offeredUntil = (await placeOf(first, 'demo2')).expiresAt;
    await first.close();
    running.splice(0);

    const second = await boot();
    expect(await placeOf(second, 'demo2')).toEqual({
      machineId: MACHINE,
      state: 'ready',
      place: 1,
      size: 3,
      expiresAt: offeredUntil,
    });
    expect(await placeOf(second, 'selin')).toMatchObject({ state: 'waiting', place: 2, size: 3 });
    expect(await placeOf(second, 'demo0')).toMatchObject({ state: 'waiting', place: 3, size: 3 });
    // The hold of the prompt is still theirs, and the queue still keeps strangers off.
    expect((await as(second, 'nomenu', 'GET', `/machine/${MACHINE}`)).status).toBe('reserved');
    expect(
      (await as(second, 'nomenu', 'POST', '/player/reserve', { machineId: MACHINE })).code,
    ).toBe(40921);
  });

  it('a prompt that ran out while no server ran goes to the next in line at the start', async () => {
    // The next start comes after the prompt's end.
    const clock = new ManualClock();
    await clock.advance(READY_SECONDS * 1000 + 1000);
    const third = await boot(clock);
    await expect.poll(async () => (await placeOf(third, 'selin'))?.state).toBe('ready');
    expect(await placeOf(third, 'demo2')).toBeNull();
    const selin = await placeOf(third, 'selin');
    expect(selin).toMatchObject({ place: 1, size: 2 });
    expect(Date.parse(selin.expiresAt)).toBeGreaterThan(Date.parse(offeredUntil));
    expect(await placeOf(third, 'demo0')).toMatchObject({ state: 'waiting', place: 2, size: 2 });
  });

  it('a prompt still running at the start is timed again: at its end the next gets it', async () => {
    const fourth = await boot();
    expect((await placeOf(fourth, 'selin'))?.state).toBe('ready');
    // Only the timer this start set from the stored end can move it on: nobody else touches it.
    await fourth.clock.advance((2 * READY_SECONDS + 5) * 1000);
    await expect.poll(async () => (await placeOf(fourth, 'demo0'))?.state).toBe('ready');
    expect(await placeOf(fourth, 'selin')).toBeNull();
    await as(fourth, 'demo0', 'POST', '/player/wait-list/leave');
  });
});

describe('wait list on two instances (PostgreSQL)', () => {
  let db: { url: string; drop(): Promise<void> };
  let a: TestServer;
  let b: TestServer;

  /** An instance on a port of its own, which the other reaches it at (forwarded requests). */
  async function listening(name: string): Promise<TestServer> {
    const port = await freePort();
    const server = await startTestServer(
      'postgres',
      {
        CLUSTER: '1',
        INSTANCE_ID: name,
        PORT: String(port),
        INSTANCE_URL: `http://127.0.0.1:${port}`,
      },
      undefined,
      { databaseUrl: db.url },
    );
    await server.app.listen({ port, host: '127.0.0.1' });
    return server;
  }

  beforeAll(async () => {
    db = await createPostgresDatabase();
    a = await listening('wait-list-a');
    b = await listening('wait-list-b');
  }, 90_000);

  afterAll(async () => {
    await b?.close();
    await a?.close();
    await db?.drop();
  });

  it('a player who joins on one instance has their place on the other, and the prompt too', async () => {
    expect((await as(a, 'nomenu', 'POST', '/player/reserve', { machineId: MACHINE })).code).toBe(
      20000,
    );
    expect(
      (await as(a, 'demo2', 'POST', '/player/wait-list', { machineId: MACHINE })).entry,
    ).toMatchObject({ place: 1, size: 1 });
    expect(await placeOf(b, 'demo2')).toEqual({
      machineId: MACHINE,
      state: 'waiting',
      place: 1,
      size: 1,
    });
    // Behind them, whichever instance the next one asks.
    expect(
      (await as(b, 'selin', 'POST', '/player/wait-list', { machineId: MACHINE })).entry,
    ).toMatchObject({ place: 2, size: 2 });
    expect(await placeOf(a, 'selin')).toMatchObject({ place: 2, size: 2 });
    expect(await placeOf(a, 'demo2')).toMatchObject({ place: 1, size: 2 });
    // Asking again on the other instance keeps one place, not two.
    expect(
      (await as(b, 'demo2', 'POST', '/player/wait-list', { machineId: MACHINE })).entry,
    ).toMatchObject({ place: 1, size: 2 });
    // The machine frees: both instances show the first in line the same ready prompt.
    await as(a, 'nomenu', 'POST', '/player/reserve/release');
    await expect.poll(async () => (await placeOf(b, 'demo2'))?.state).toBe('ready');
    expect(await placeOf(a, 'demo2')).toEqual(await placeOf(b, 'demo2'));
    await as(b, 'demo2', 'POST', '/player/wait-list/leave');
    await as(a, 'selin', 'POST', '/player/wait-list/leave');
  });

  it('a join asked of the other instance is made by the machine’s owner, its gate shut at once', async () => {
    // The first instance took every simulated machine's lease as it started.
    await expect.poll(() => a.app.ownership!.owns(MACHINE)).toBe(true);
    expect(b.app.ownership!.owns(MACHINE)).toBe(false);
    expect((await as(a, 'nomenu', 'POST', '/player/reserve', { machineId: MACHINE })).code).toBe(
      20000,
    );
    const joins = vi.spyOn(a.app.waitList, 'join');
    expect(
      (await as(b, 'demo2', 'POST', '/player/wait-list', { machineId: MACHINE })).entry,
    ).toMatchObject({ place: 1, size: 1 });
    // Made on the owner: the seat freeing there cannot go to anyone else before the other
    // instance's NOTIFY would have arrived.
    expect(joins).toHaveBeenCalledTimes(1);
    const selin = (await playerRow(a, 'selin')).id;
    expect(() => a.app.waitListGate.check(selin, MACHINE)).toThrow();
    joins.mockRestore();
    await as(a, 'nomenu', 'POST', '/player/reserve/release');
    await as(b, 'demo2', 'POST', '/player/wait-list/leave');
  });
});
