// Throwaway databases on the local PostgreSQL server, for the integration tests and for the
// benchmarks and the money simulation (which run against a real server the same way).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export const postgresAdminUrl =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh database named `prefix_<random>`; drop() removes it. */
export async function createPostgresDatabase(
  prefix = 'reelcast_t',
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = postgres(postgresAdminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(postgresAdminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}
