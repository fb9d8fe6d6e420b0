// A database error is logged by its class and code only: never the SQL text or its parameters,
// which can hold password hashes, PINs and names (drizzle puts both in the error's message).
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DbKind, startTestServer, type TestServer, tokenFor } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('database errors in the log on %s', (kind) => {
  let server: TestServer;
  const lines: string[] = [];

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    server = await startTestServer(kind, { LOG_LEVEL: 'info' }, sink);
  });
  afterAll(() => server?.close());

  const errorLines = () =>
    lines.map((l) => JSON.parse(l)).filter((l) => l.level >= 50) as Record<string, unknown>[];

  it('logs a failed query of a route as class and code, without SQL or parameters', async () => {
    const token = await tokenFor(server, 'demo');
    // Every change of a player row now fails inside the database.
    const db = server.services.database.db;
    await db.execute(
      sql.raw(`create function refuse_player_update() returns trigger language plpgsql as
        $$ begin raise exception 'no updates today'; end $$`),
    );
    await db.execute(
      sql.raw(`create trigger refuse_player_update before update on players
        for each row execute function refuse_player_update()`),
    );
    lines.length = 0;
    const res = await server.app.inject({
      method: 'POST',
      url: '/player/password',
      headers: { authorization: `Bearer ${token}` },
      payload: { oldPassword: 'demo1234', newPassword: 'secret-new-pass' },
    });
    expect([res.statusCode, res.json()]).toEqual([
      500,
      { ErrorMessage: 'Internal error, please try again', code: 50000, Params: {} },
    ]);
    const [line, ...more] = errorLines();
    expect(more).toEqual([]);
    expect(line?.err).toMatchObject({ code: 'P0001' });
    expect(String((line?.err as { type: string } | undefined)?.type)).toMatch(/Error/);
    const log = lines.join('');
    for (const secret of ['$argon2', 'players', 'Failed query', 'params', 'no updates today']) {
      expect(log).not.toContain(secret);
    }
  });

  it('strips a failed query logged directly, as {err} or as the error itself', async () => {
    let failure: unknown;
    try {
      await server.services.database.db.execute(
        sql`select ${'2147483648'}::int4 where ${'secret-param-4711'} <> ''`,
      );
    } catch (e) {
      failure = e;
    }
    expect(String(failure)).toContain('secret-param-4711');
    lines.length = 0;
    server.app.log.error({ err: failure }, 'socket handler failed');
    server.app.log.error(failure);
    server.app.log.warn({ err: new Error('wrapped', { cause: failure }) }, 'wrapped');
    const logged = lines.map((l) => JSON.parse(l));
    expect(logged).toHaveLength(3);
    expect(logged[0].err).toMatchObject({ code: '22003' });
    expect(logged[1].err).toMatchObject({ code: '22003' });
    expect(logged[2].err.cause).toMatchObject({ code: '22003' });
    const log = lines.join('');
    for (const secret of ['secret-param-4711', '2147483648', 'int4', 'Failed query', 'params']) {
      expect(log).not.toContain(secret);
    }
  });
});
