// The simulation's world: a throwaway PostgreSQL database, the server's own first start (schema,
// floor, demo accounts with the staff account), then P player accounts inserted with the
// server's schema (one argon2 hash shared by all: hashing is slow) and funded by the staff API.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { openDatabase } from '../../apps/server/src/db/client';
import { players } from '../../apps/server/src/db/schema';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords';
import { hashPin } from '../../apps/server/src/modules/player/pin';

export const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const SIM_PASSWORD = 'sim-password-1';

export interface SimDatabase {
  url: string;
  sql: postgres.Sql;
  drop(): Promise<void>;
}

export async function createDatabase(): Promise<SimDatabase> {
  const name = `reelcast_sim_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const sql = postgres(url.toString(), { max: 2, onnotice: () => {} });
  return {
    url: url.toString(),
    sql,
    async drop() {
      await sql.end();
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export const usernameOf = (i: number) => `sim${i}`;

/** Inserts sim0 … sim(P−1) (the server has made the schema); answers their ids in order. */
export async function insertPlayers(url: string, count: number): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const passwordHash = await hashPassword(SIM_PASSWORD);
    const pinHash = await hashPin('1234');
    const rows = await database.db
      .insert(players)
      .values(
        Array.from({ length: count }, (_, i) => ({
          username: usernameOf(i),
          email: `${usernameOf(i)}@sim.invalid`,
          passwordHash,
          pinHash,
          name: 'Sim',
          lastname: String(i),
        })),
      )
      .returning({ id: players.id });
    return rows.map((r) => r.id);
  } finally {
    await database.close();
  }
}
