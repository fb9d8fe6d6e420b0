// The back office's roles, enforced on every route from the database: the console table in the
// protocol is what the server registers, each route lets in exactly its roles, a player gets 403
// everywhere, an auditor reads everything and changes nothing, a cashier cannot ban.
import { consoleRoutes, selfServiceRoutes } from '@reelcast/protocol/console';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../src/http/access';
import { auditRows, consoleCaller, consoleTable, consoleTokens, type Who } from './console-support';
import { playerRow, startTestServer, type TestServer } from './support';

/** Queries a GET needs to be answered (its required filters). */
const queries: Record<string, string> = {
  dailyReport: '?from=2026-01-01&to=2026-01-31',
  dailyReportCsv: '?from=2026-01-01&to=2026-01-31',
  seatsReport: '?date=2026-01-01',
};

describe('console roles', () => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;
  let demoId: number;
  const routes: RouteOptions[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite', {}, undefined, undefined, {
      onRoute: (r) => routes.push(r),
    });
    call = consoleCaller(server, await consoleTokens(server));
    demoId = (await playerRow(server, 'demo')).id;
  });
  afterAll(() => server?.close());

  it('registers exactly the console table, each route letting in the roles the table names', () => {
    const registered = routes
      .filter((r) => r.url.startsWith('/staff/'))
      // The access is read off the route as registered: its scope's guards are kept by it.
      .flatMap((r) =>
        [r.method].flat().map((method) => ({ url: r.url, method, access: routeAccess(r) })),
      )
      .filter((r) => r.method !== 'HEAD');
    const table = new Map(consoleTable.map((e) => [`${e.method} ${e.path}`, e]));
    const seen = new Set<string>();
    for (const route of registered) {
      const key = `${route.method} ${route.url}`;
      const entry = table.get(key);
      expect(entry, `${key} is not in the console table`).toBeDefined();
      expect([...(route.access?.roles ?? [])].sort(), key).toEqual([...entry!.roles].sort());
      seen.add(key);
    }
    expect([...seen].sort()).toEqual([...table.keys()].sort());
  });

  it("answers a player's token 403 on every console call", async () => {
    for (const e of consoleTable) {
      const res = await call('player', e.method, e.url(1) + (queries[e.name] ?? ''), {});
      expect([e.name, res.status, res.body.code]).toEqual([e.name, 403, 40300]);
    }
  });

  it('lets an auditor read everything and change nothing', async () => {
    const before = await playerRow(server, 'demo');
    const auditedBefore = (await auditRows(server)).length;
    for (const e of consoleTable) {
      const id = e.path.startsWith('/staff/players') ? demoId : 1;
      const url = e.url(id) + (queries[e.name] ?? '');
      const res = await call('auditor', e.method, url, { reason: 'just looking' });
      if (e.method === 'GET') {
        // A session or approval 1 need not exist; everything else answers.
        expect([200, 404], `${e.name} ${res.status}`).toContain(res.status);
      } else if (!selfServiceRoutes.includes(e.name as never)) {
        expect([e.name, res.status, res.body.code]).toEqual([e.name, 403, 40300]);
      }
    }
    const after = await playerRow(server, 'demo');
    expect({
      balance: after.balance,
      banned: after.banned,
      permissions: after.permissions,
    }).toEqual({ balance: before.balance, banned: before.banned, permissions: before.permissions });
    // Every refused change is in the audit log, against the auditor (their own two-factor
    // confirmation without a code is refused too, and not counted here).
    const selfPaths = selfServiceRoutes.map((name) => `POST ${consoleRoutes[name].path}`);
    const refused = (await auditRows(server))
      .slice(auditedBefore)
      .filter((r) => r.actor === 'auditor' && r.outcome === 'refused')
      .filter((r) => !selfPaths.includes(r.action));
    const refusedPosts = consoleTable.filter(
      (e) => e.method === 'POST' && !selfServiceRoutes.includes(e.name as never),
    );
    expect(refused.map((r) => r.action).sort()).toEqual(
      refusedPosts.map((e) => `POST ${e.path}`).sort(),
    );
  });

  it('lets a cashier move money and nothing more', async () => {
    const deposit = await call('cashier', 'POST', '/staff/deposit', {
      playerId: demoId,
      amount: 100,
      idempotencyKey: 'roles-cashier-1',
      reason: 'cash at the till',
    });
    expect(deposit.status).toBe(200);
    const refused: Array<[string, string]> = [
      [`/staff/players/${demoId}/ban`, 'POST'],
      ['/staff/quit-session', 'POST'],
      ['/staff/handpay-reset', 'POST'],
      ['/staff/accounts', 'GET'],
      ['/staff/audit', 'GET'],
    ];
    for (const [url, method] of refused) {
      const res = await call('cashier', method as 'GET' | 'POST', url, {
        banned: true,
        reason: 'no',
        machineId: 1,
      });
      expect([url, res.status]).toEqual([url, 403]);
    }
    expect((await playerRow(server, 'demo')).banned).toBe(false);
    expect((await call('cashier', 'GET', `/staff/players/${demoId}`)).status).toBe(200);
  });

  it("keeps players' permissions and staff accounts the admin's", async () => {
    const access = { permissions: [145], reason: 'menu back' };
    const asWho = async (who: Who) =>
      (await call(who, 'POST', `/staff/players/${demoId}/access`, access)).status;
    expect(await asWho('supervisor')).toBe(403);
    expect(await asWho('admin')).toBe(200);
    const accounts = await call('supervisor', 'GET', '/staff/accounts');
    expect(accounts.status).toBe(403);
    expect(consoleRoutes.staffAccounts.roles).toContain('auditor');
  });
});
