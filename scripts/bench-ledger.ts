// Durable ledger operations per second on PostgreSQL: `npm run bench:ledger` from the repository
// root (`-- --seconds 5 --clients 1,8,32 --modes naive,single,group`). Each mode runs closed-loop
// clients that post random deposits, withdrawals, Cash In and Cash Out on 64 players for a fixed
// time; every counted operation has committed (fsync and synchronous_commit are checked and must
// be on). At the end the invariants are checked: Σ entries = balance for every player, every
// balance_after follows from the entry before it, none below zero, and retries of keys already
// posted change nothing.
//   naive  — begin; select … for update; look up the key; insert; update; commit (one op a commit)
//   single — one guarded statement per transaction (Ledger with group commit off)
//   group  — the Ledger as the server runs it: concurrent postings share commits
// The database is BENCH_DATABASE_URL, else TEST_DATABASE_URL, else the local test server; a
// throwaway database is created on it and dropped afterwards.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { TransactionType } from '@reelcast/protocol/transactions';
import { asc, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { openDatabase } from '../apps/server/src/db/client';
import { ledgerEntries, players } from '../apps/server/src/db/schema';
import { AppError } from '../apps/server/src/errors';
import { Ledger, type Posting } from '../apps/server/src/modules/wallet/ledger';
import { walletRepository } from '../apps/server/src/modules/wallet/repository';
import { newFundedPlayer } from '../apps/server/test/funded-player';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    clients: { type: 'string', default: '1,8,32' },
    modes: { type: 'string', default: 'naive,single,group' },
    players: { type: 'string', default: '64' },
    batch: { type: 'string' },
    inflight: { type: 'string' },
    notices: { type: 'string', default: '200' },
  },
});
const seconds = Number(values.seconds);
const clientCounts = values.clients.split(',').map(Number);
const modes = values.modes.split(',') as Array<'naive' | 'single' | 'group'>;
const playerCount = Number(values.players);

const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres:postgres@127.0.0.1:5432/test';

type Db = Awaited<ReturnType<typeof openDatabase>>['db'];

/** The textbook way, for comparison: five round trips and a commit per operation. */
async function naivePost(db: Db, p: Posting): Promise<void> {
  await db.transaction(async (tx) => {
    const balance = await walletRepository.lockBalance(tx, p.playerId);
    if (balance === null) throw new Error('no player');
    if (await walletRepository.findByKey(tx, p.idempotencyKey)) return;
    const after = balance + p.amount;
    if (after < 0) throw new AppError(40200, 400);
    // Written here, not through the wallet module: there the ledger is the only balance writer.
    await tx.insert(ledgerEntries).values({
      playerId: p.playerId,
      type: p.type,
      amount: p.amount,
      balanceAfter: after,
      idempotencyKey: p.idempotencyKey,
      machineId: p.machineId,
    });
    await tx.update(players).set({ balance: after }).where(eq(players.id, p.playerId));
  });
}

function randomPosting(playerIds: number[], key: string): Posting {
  const playerId = playerIds[Math.floor(Math.random() * playerIds.length)]!;
  const amount = 100 + Math.floor(Math.random() * 5_000);
  const r = Math.random();
  if (r < 0.25) return { playerId, type: TransactionType.deposit, amount, idempotencyKey: key };
  if (r < 0.5)
    return { playerId, type: TransactionType.withdraw, amount: -amount, idempotencyKey: key };
  if (r < 0.75) {
    return {
      playerId,
      type: TransactionType.cashIn,
      amount: -amount,
      idempotencyKey: key,
      machineId: 1,
    };
  }
  return { playerId, type: TransactionType.cashOut, amount, idempotencyKey: key, machineId: 1 };
}

async function main() {
  const name = `reelcast_bench_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const settings = await admin`select name, setting from pg_settings
    where name in ('fsync', 'synchronous_commit', 'wal_sync_method', 'full_page_writes', 'commit_delay')`;
  const setting = Object.fromEntries(settings.map((r) => [r.name, r.setting]));
  const version = (await admin`show server_version`)[0]!.server_version;
  console.log(`PostgreSQL ${version} at ${new URL(adminUrl).host}`);
  console.log(
    `fsync=${setting.fsync} synchronous_commit=${setting.synchronous_commit} wal_sync_method=${setting.wal_sync_method} full_page_writes=${setting.full_page_writes} commit_delay=${setting.commit_delay}`,
  );
  if (
    setting.fsync !== 'on' ||
    !['on', 'remote_apply', 'remote_write'].includes(setting.synchronous_commit!)
  ) {
    console.error('fsync and synchronous_commit must be on for a durable figure; refusing to run.');
    process.exit(2);
  }
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  const db = database.db;
  let violations = 0;
  try {
    const opening = 10_000_000;
    const seeding = new Ledger(db);
    const playerIds: number[] = [];
    for (let i = 0; i < playerCount; i++) {
      playerIds.push(await newFundedPlayer(db, seeding, `b${i}`, opening));
    }

    const results: Array<{
      mode: string;
      clients: number;
      ops: number;
      refused: number;
      rate: number;
      ms: number;
    }> = [];
    const samples: Posting[] = [];
    for (const mode of modes) {
      const ledger = new Ledger(db, {
        groupCommit: mode === 'group',
        ...(values.batch ? { maxBatch: Number(values.batch) } : {}),
        ...(values.inflight ? { maxInFlight: Number(values.inflight) } : {}),
      });
      for (const clients of clientCounts) {
        let ops = 0;
        let refused = 0;
        let seq = 0;
        const latencies: number[] = [];
        const end = performance.now() + seconds * 1000;
        const started = performance.now();
        await Promise.all(
          Array.from({ length: clients }, async () => {
            while (performance.now() < end) {
              const p = randomPosting(playerIds, `${mode}:${clients}:${seq++}`);
              const t0 = performance.now();
              try {
                if (mode === 'naive') await naivePost(db, p);
                else await ledger.post(p);
                ops++;
                if (samples.length < 2000 && Math.random() < 0.05) samples.push(p);
              } catch (e) {
                if (e instanceof AppError && e.code === 40200) refused++;
                else throw e;
              }
              latencies.push(performance.now() - t0);
            }
          }),
        );
        const elapsed = (performance.now() - started) / 1000;
        const batches = ledger.stats.batches;
        const batched = ledger.stats.postings;
        ledger.stats.batches = 0;
        ledger.stats.postings = 0;
        latencies.sort((a, b) => a - b);
        const p50 = latencies[Math.floor(latencies.length / 2)] ?? 0;
        const p99 = latencies[Math.floor(latencies.length * 0.99)] ?? 0;
        const rate = ops / elapsed;
        results.push({ mode, clients, ops, refused, rate, ms: p50 });
        console.log(
          `${mode.padEnd(6)} ${String(clients).padStart(2)} clients: ${rate.toFixed(0).padStart(6)} committed ops/s  (${ops} ops, ${refused} refused for funds, latency p50 ${p50.toFixed(2)} ms p99 ${p99.toFixed(2)} ms${batches ? `, ${(batched / batches).toFixed(1)} a commit` : ''})`,
        );
      }
    }

    // Retries of keys already posted must change nothing.
    const retryLedger = new Ledger(db);
    const retries = await Promise.all(
      samples.map((p) =>
        retryLedger.post(p).then(
          (r) => r.applied,
          () => true,
        ),
      ),
    );
    const reapplied = retries.filter(Boolean).length;
    if (reapplied > 0) console.error(`VIOLATION: ${reapplied} retried keys applied again`);
    violations += reapplied;

    for (const id of playerIds) {
      const [player] = await db.select().from(players).where(eq(players.id, id));
      const entries = await db
        .select({ amount: ledgerEntries.amount, balanceAfter: ledgerEntries.balanceAfter })
        .from(ledgerEntries)
        .where(eq(ledgerEntries.playerId, id))
        .orderBy(asc(ledgerEntries.id));
      let running = 0;
      for (const e of entries) {
        running += e.amount;
        if (e.balanceAfter !== running || e.balanceAfter < 0) violations++;
      }
      if (running !== player!.balance || player!.balance < 0) violations++;
    }
    const [keys] = await db
      .select({
        all: sql<number>`count(*)::int`,
        distinct: sql<number>`count(distinct ${ledgerEntries.idempotencyKey})::int`,
      })
      .from(ledgerEntries);
    if (keys!.all !== keys!.distinct) violations++;
    console.log(
      `invariants: ${keys!.all} entries on ${playerCount} players, ${samples.length} keys retried; violations: ${violations}`,
    );
    const best = results.filter((r) => r.mode === 'group').sort((a, b) => b.rate - a.rate)[0];
    if (best)
      console.log(
        `best group-commit figure: ${best.rate.toFixed(0)} ops/s with ${best.clients} clients (target ≥ 8000)`,
      );
  } finally {
    await database.close();
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  if (Number(values.notices) > 0) await noticeLatency(Number(values.notices));
  process.exit(violations === 0 ? 0 : 1);
}

/**
 * How long a committed balance change takes to reach two open tabs of the player over /notice:
 * operator deposits through the staff API of an in-process server, two socket.io clients.
 */
async function noticeLatency(count: number) {
  process.env.TEST_DATABASE_URL = adminUrl;
  const { startTestServer, tokenFor } = await import('../apps/server/test/support');
  const { io } = await import('socket.io-client');
  const server = await startTestServer('postgres');
  try {
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = server.app.server.address() as { port: number };
    const token = await tokenFor(server, 'demo');
    const staff = await tokenFor(server, 'staff');
    const tabs = [0, 1].map(() =>
      io(`http://127.0.0.1:${port}/notice`, { auth: { token }, transports: ['websocket'] }),
    );
    const demo = await server.services.database.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.username, 'demo'));
    for (const tab of tabs) {
      await new Promise<void>((resolve, reject) => {
        if (tab.connected) resolve();
        tab.on('connect', () => resolve());
        tab.on('connect_error', reject);
      });
      await tab.timeout(5000).emitWithAck('init', { id: demo[0]!.id });
    }
    // The newest seq each tab has heard; a waiter resolves once its tab has reached a seq.
    const heardSeq = tabs.map(() => 0);
    const waiters = tabs.map(() => [] as Array<{ seq: number; resolve: () => void }>);
    tabs.forEach((tab, t) => {
      tab.on('balance', (b: { seq: number }) => {
        heardSeq[t] = Math.max(heardSeq[t]!, b.seq);
        const due = waiters[t]!.filter((w) => w.seq <= heardSeq[t]!);
        waiters[t] = waiters[t]!.filter((w) => w.seq > heardSeq[t]!);
        for (const w of due) w.resolve();
      });
    });
    const reached = (t: number, seq: number) =>
      new Promise<void>((resolve) => {
        if (heardSeq[t]! >= seq) resolve();
        else waiters[t]!.push({ seq, resolve });
      });
    const latencies: number[] = [];
    // The first few warm the prepared statements and the sockets up; they are not counted.
    const warmUp = 5;
    for (let i = 0; i < count + warmUp; i++) {
      const t0 = performance.now();
      const res = await server.app.inject({
        method: 'POST',
        url: '/staff/deposit',
        headers: { authorization: `Bearer ${staff}` },
        payload: {
          username: 'demo',
          amount: 1,
          idempotencyKey: `notice-bench-${i}`,
          reason: 'bench',
        },
      });
      const seq = res.json().entryId as number;
      await Promise.all(tabs.map((_, t) => reached(t, seq)));
      if (i >= warmUp) latencies.push(performance.now() - t0);
    }
    for (const tab of tabs) tab.disconnect();
    latencies.sort((a, b) => a - b);
    const at = (q: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))]!;
    console.log(
      `notice: ${count} operator deposits, request to both tabs holding the new balance: p50 ${at(0.5).toFixed(1)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms (target ≤ 200 ms)`,
    );
  } finally {
    await server.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
