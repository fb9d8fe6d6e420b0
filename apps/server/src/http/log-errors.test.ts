import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { expect, it } from 'vitest';
import { describeError, serializeError } from './log-errors';

it('describes a failed query by class and code, and other errors by their message', async () => {
  const client = new PGlite();
  let failure: unknown;
  try {
    await drizzle({ client }).execute(
      sql`select ${'2147483648'}::int4 where ${'$argon2id$x'} <> ''`,
    );
  } catch (e) {
    failure = e;
  } finally {
    await client.close();
  }
  expect(String(failure)).toContain('$argon2id$x');
  expect(describeError(failure)).toBe('DatabaseError 22003');
  expect(JSON.stringify(serializeError(failure))).not.toMatch(/argon2|2147483648|int4|params/);
  expect(describeError(new Error('FLOOR_FILE is not a file'))).toBe('FLOOR_FILE is not a file');
  expect(describeError('plain')).toBe('plain');
  // Starting PGlite (a WebAssembly PostgreSQL) took 7 s on a loaded 2-core box.
}, 30_000);
