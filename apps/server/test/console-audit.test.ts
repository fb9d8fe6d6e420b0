// The audit log: a deposit with its reason is recorded with who, where from, and the balance before
// and after, readable page by page and as CSV; a refused change is recorded too; and no entry can
// be changed or removed, on PGlite and on a real PostgreSQL alike (a trigger refuses it).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, consoleCaller, consoleTokens } from './console-support';
import { type DbKind, playerRow, startTestServer, type TestServer } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('the audit log on %s', (kind) => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;
  let demoId: number;

  beforeAll(async () => {
    server = await startTestServer(kind);
    call = consoleCaller(server, await consoleTokens(server));
    demoId = (await playerRow(server, 'demo')).id;
  });
  afterAll(() => server?.close());

  it('records a deposit with its reason, its actor and the balance before and after', async () => {
    const before = (await playerRow(server, 'demo')).balance;
    const reason = 'comp: machine 3 froze mid-game';
    const deposit = await call('cashier', 'POST', '/staff/deposit', {
      username: 'demo',
      amount: 100,
      idempotencyKey: `audit-deposit-${kind}`,
      reason,
    });
    expect(deposit).toMatchObject({ status: 200, body: { balance: before + 100 } });

    const page = await call('auditor', 'GET', `/staff/audit?action=deposit&targetId=${demoId}`);
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(1);
    expect(page.body.items[0]).toMatchObject({
      actor: 'cashier',
      actorRole: 'cashier',
      ip: '127.0.0.1',
      action: 'deposit',
      targetType: 'player',
      targetId: String(demoId),
      reason,
      outcome: 'done',
      before: { balance: before },
      after: { balance: before + 100, amount: 100, applied: true },
    });
    // The ledger entry says why too.
    const ledger = await call('auditor', 'GET', `/staff/players/${demoId}/ledger?type=1`);
    expect(ledger.body.items[0].source).toBe(`operator: ${reason}`);
  });

  it('records a refused movement and moves nothing without a reason', async () => {
    const before = (await playerRow(server, 'demo')).balance;
    const refused = await call('cashier', 'POST', '/staff/withdraw', {
      username: 'demo',
      amount: 100,
      idempotencyKey: `audit-no-reason-${kind}`,
    });
    expect([refused.status, refused.body.code]).toEqual([400, 40000]);
    expect((await playerRow(server, 'demo')).balance).toBe(before);
    const last = (await auditRows(server)).at(-1)!;
    expect(last).toMatchObject({
      actor: 'cashier',
      action: 'POST /staff/withdraw',
      outcome: 'refused',
      after: { status: 400, body: { username: 'demo', amount: 100 } },
    });
  });

  it('exports the filtered log as CSV', async () => {
    const res = await call('supervisor', 'GET', '/staff/audit.csv?action=deposit');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = (res.body as string).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,actor,actor_role,ip,action,target_type,target_id,reason,outcome,before,after',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',cashier,cashier,127.0.0.1,deposit,player,');
    expect(lines[1]).toContain('comp: machine 3 froze mid-game');
    // Taking the log out is itself recorded.
    expect((await auditRows(server)).at(-1)).toMatchObject({
      actor: 'staff',
      action: 'export audit log',
    });
  });

  it('refuses to change or remove an entry, whoever asks', async () => {
    const { db } = server.services.database;
    const rows = await auditRows(server);
    expect(rows.length).toBeGreaterThan(0);
    for (const statement of [
      sql`update audit_log set reason = 'nothing happened'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      await expect(db.execute(statement)).rejects.toThrow();
    }
    expect(await auditRows(server)).toEqual(rows);
  });
});
