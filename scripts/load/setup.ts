// The bench's world: a throwaway PostgreSQL database (the floor file of enough machines for the
// seated players is apps/server/test/floor-of-size.ts), N player accounts inserted directly (one
// argon2 hash shared by all), each funded through the Ledger (a Deposit, as the staff API would
// post it) and given a token minted with the server's own Tokens class (a sign-in row each, no
// /login and no rate limit).
import { TransactionType } from '@reelcast/protocol/transactions';
import { asc } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/client';
import { machines, players } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { Tokens } from '../../apps/server/src/modules/auth/tokens';
import { Ledger } from '../../apps/server/src/modules/wallet/ledger';
import { createPostgresDatabase } from '../../apps/server/test/postgres-database';

export type Db = Awaited<ReturnType<typeof openDatabase>>;

/** What each simulated player needs: its id, a token, and the machine it sits at (if seated). */
export interface BenchPlayer {
  id: number;
  token: string;
  machineId: number | null;
}

/** Runs `fn` over items with at most `width` in flight. */
async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: width }, async () => {
    while (next < items.length) await fn(items[next++]!);
  });
  await Promise.all(lanes);
}

export const OPENING_BALANCE_CENTS = 10_000_000;

/**
 * N players named load-0…, each with OPENING_BALANCE_CENTS and a token; the first `seated`
 * get a machine of their own (machine ids in floor order).
 */
export async function createPlayers(
  database: Db,
  jwtSecret: string,
  count: number,
  seated: number,
): Promise<BenchPlayer[]> {
  const { db } = database;
  const passwordHash = await hashPassword('load-password-1');
  // The PIN column takes a hash too; the password's does (nobody verifies a PIN here).
  for (let from = 0; from < count; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - from) }, (_, k) => {
      const n = from + k;
      return {
        username: `load-${n}`,
        email: `load-${n}@load.invalid`,
        passwordHash,
        pinHash: passwordHash,
        name: 'Load',
        lastname: String(n),
      };
    });
    await db.insert(players).values(rows);
  }
  const rows = await db.select().from(players).orderBy(asc(players.id));
  const floor = await db.select({ id: machines.id }).from(machines).orderBy(asc(machines.id));
  if (seated > floor.length) throw new Error(`${seated} seated but ${floor.length} machines`);
  const ledger = new Ledger(db);
  const tokens = new Tokens(db, jwtSecret, 12 * 3600);
  const out: BenchPlayer[] = new Array(rows.length);
  await pool(
    rows.map((row, i) => ({ row, i })),
    32,
    async ({ row, i }) => {
      await ledger.post({
        playerId: row.id,
        type: TransactionType.deposit,
        amount: OPENING_BALANCE_CENTS,
        idempotencyKey: `load-open:${row.id}`,
        source: 'operator',
        operator: 'bench',
      });
      const token = await tokens.issue(row);
      out[i] = { id: row.id, token, machineId: i < seated ? floor[i]!.id : null };
    },
  );
  return out;
}

/** A throwaway database on the local PostgreSQL server, as the integration tests make theirs. */
export const createBenchDatabase = () => createPostgresDatabase('reelcast_load');

export async function openBenchDatabase(url: string): Promise<Db> {
  return openDatabase({ databaseUrl: url });
}
