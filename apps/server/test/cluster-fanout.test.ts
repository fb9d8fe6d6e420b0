// Two server instances on one PostgreSQL (issue #19, CLUSTER): a broadcast on one reaches the
// sockets on the other, through PostgreSQL's NOTIFY. A cashier's deposit handled by instance A
// reaches the player's /notice tab on instance B as its new balance, and a lobby push made on A
// (a machine taken) reaches a lobby watcher on B. (Without CLUSTER both fail: B hears nothing.)
import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticeTab } from './notice-tab';
import { createPostgresDatabase } from './postgres-database';
import { callAs, playerRow, startTestServer, type TestServer, tokenFor } from './support';

// biome-ignore lint/suspicious/noExplicitAny: pushes are loosely typed JSON
type Json = any;

let db: { url: string; drop(): Promise<void> };
let a: TestServer;
let b: TestServer;
const sockets: Socket[] = [];

async function listening(
  env: Record<string, string>,
): Promise<{ server: TestServer; origin: string }> {
  const server = await startTestServer('postgres', env, undefined, { databaseUrl: db.url });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    server,
    origin: `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`,
  };
}

let originB: string;

beforeAll(async () => {
  db = await createPostgresDatabase();
  // Seeded (the demo accounts) by the first; the second finds them.
  ({ server: a } = await listening({ CLUSTER: '1', SEED_DEMO: 'true' }));
  ({ server: b, origin: originB } = await listening({ CLUSTER: '1', SEED_DEMO: 'true' }));
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await b?.close();
  await a?.close();
  await db?.drop();
});

/** The player's /notice tab on instance B, past init, recording what it hears. */
async function tabOnB(username: string) {
  const tab = await noticeTab(b, originB, username);
  sockets.push(tab.socket);
  expect((await tab.init()).code).toBe(20000);
  return tab;
}

describe('two instances on one PostgreSQL', () => {
  it('a deposit made on one instance reaches the player’s tab on the other', async () => {
    const tab = await tabOnB('demo');
    const before = (await playerRow(a, 'demo')).balance;
    const cashier = await tokenFor(a, 'cashier');
    const deposit = await callAs(a, cashier, 'POST', '/staff/deposit', {
      username: 'demo',
      amount: 250,
      idempotencyKey: 'cluster-fanout-1',
      reason: 'cluster fan-out test',
    });
    expect(deposit.status).toBe(200);
    await expect
      .poll(() => tab.of('balance').map((p) => p.balance), { timeout: 10_000 })
      .toContain(before + 250);
  });

  it('a lobby push made on one instance reaches a lobby watcher on the other', async () => {
    const tab = await tabOnB('demo2');
    expect((await tab.socket.timeout(5000).emitWithAck('lobby', { watch: true })).code).toBe(20000);
    // A player takes a machine on instance A: its lobby status changes there.
    const token = await tokenFor(a, 'demo0');
    const reserved = await callAs(a, token, 'POST', '/player/reserve', { machineId: 9 });
    expect(reserved.status).toBe(200);
    await expect
      .poll(
        () =>
          tab
            .of('lobby-update')
            .flatMap((p) => p.machines ?? [])
            .some((m: Json) => m.id === 9 && m.status === 'reserved'),
        { timeout: 10_000 },
      )
      .toBe(true);
    await callAs(a, token, 'POST', '/player/reserve/release');
  });
});
