// Opens the database: PGlite on disk by default, a PostgreSQL server when DATABASE_URL is set.
// Both speak the same dialect and share one migration set.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { secureDataDir } from '../data-dir';
import { migrationsFolder } from '../paths';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository method can run on: the database or a transaction. */
export type Runner = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 20, onnotice: () => {} });
    const db = drizzlePostgres({ client, schema });
    await migratePostgres(db, { migrationsFolder });
    return { db: db as unknown as Db, kind: 'postgres', close: () => client.end() };
  }
  // No dataDir means in-memory: used by tests that want a throwaway database.
  let client: PGlite;
  const dataDir = opts.dataDir;
  if (dataDir) {
    // Private before PGlite reads it, and again once it has written its files (0666: see
    // data-dir.ts) and after it closes.
    secureDataDir(dataDir);
    const dir = path.resolve(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    client = new PGlite(dir);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  if (dataDir) secureDataDir(dataDir);
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    async close() {
      await client.close();
      if (dataDir) secureDataDir(dataDir);
    },
  };
}
