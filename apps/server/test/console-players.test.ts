// The back office's players and staff accounts: search and profile; a ban signs the player out
// and their sign-in then answers 10704 until it is lifted; password and PIN resets; §6 access; a
// staff account made by an admin gets a generated password nobody chose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRows, consoleCaller, consoleTokens } from './console-support';
import { callAs, login, loginToken, playerRow, startTestServer, type TestServer } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

describe('players and staff accounts in the back office', () => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;
  let demo2: number;

  beforeAll(async () => {
    server = await startTestServer('pglite', { LOGIN_RATE_PER_MINUTE: '1000' });
    call = consoleCaller(server, await consoleTokens(server));
    demo2 = (await playerRow(server, 'demo2')).id;
  });
  afterAll(() => server?.close());

  it('finds players, not staff, and shows one as staff see them', async () => {
    const found = await call('cashier', 'GET', '/staff/players?q=demo');
    const names = found.body.items.map((p: Json) => p.username).sort();
    expect(names).toEqual(['demo', 'demo0', 'demo2']);
    expect((await call('cashier', 'GET', '/staff/players?q=staff')).body.total).toBe(0);
    expect((await call('cashier', 'GET', `/staff/players?q=${demo2}`)).body.items[0].id).toBe(
      demo2,
    );
    // A LIKE wildcard is a character like any other.
    expect((await call('cashier', 'GET', '/staff/players?q=%25')).body.total).toBe(0);
    const profile = await call('cashier', 'GET', `/staff/players/${demo2}`);
    expect(profile.body).toMatchObject({
      username: 'demo2',
      permissions: [145],
      group: 'players',
      type: 'player',
      banned: false,
      pinIsDefault: true,
      openSessions: [],
    });
    const staffId = (await playerRow(server, 'staff')).id;
    expect((await call('cashier', 'GET', `/staff/players/${staffId}`)).status).toBe(404);
  });

  it('bans a player: signed out at once, 10704 at sign-in, back once the ban is lifted', async () => {
    const token = await loginToken(server, 'demo2');
    const ban = await call('supervisor', 'POST', `/staff/players/${demo2}/ban`, {
      banned: true,
      reason: 'chargeback fraud',
    });
    expect(ban).toMatchObject({ status: 200, body: { banned: true } });
    expect((await callAs(server, token, 'GET', '/player/balance')).status).toBe(401);
    const refused = await login(server, 'demo2', 'demo1234');
    expect([refused.statusCode, refused.json().code]).toEqual([403, 10704]);
    expect((await call('cashier', 'GET', '/staff/players?banned=true')).body.items).toEqual([
      expect.objectContaining({ username: 'demo2', banned: true }),
    ]);

    await call('supervisor', 'POST', `/staff/players/${demo2}/ban`, {
      banned: false,
      reason: 'bank confirmed the payment',
    });
    expect((await login(server, 'demo2', 'demo1234')).statusCode).toBe(200);
    const entries = (await auditRows(server)).filter((r) => r.targetId === String(demo2));
    expect(entries.map((r) => [r.action, r.reason, r.before, r.after])).toEqual([
      ['ban', 'chargeback fraud', { banned: false }, { banned: true }],
      ['unban', 'bank confirmed the payment', { banned: true }, { banned: false }],
    ]);
  });

  it('resets a password to a generated one and the PIN to the default', async () => {
    const demo0 = (await playerRow(server, 'demo0')).id;
    const token = await loginToken(server, 'demo0');
    const reset = await call('supervisor', 'POST', `/staff/players/${demo0}/reset-password`, {
      reason: 'forgot it, ID checked at the desk',
    });
    expect(reset.status).toBe(200);
    const password = reset.body.password as string;
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect((await callAs(server, token, 'GET', '/player/balance')).status).toBe(401);
    expect((await login(server, 'demo0', 'demo1234')).statusCode).toBe(401);
    expect((await login(server, 'demo0', password)).statusCode).toBe(200);
    // The log says a reset happened, never the password.
    expect(JSON.stringify(await auditRows(server))).not.toContain(password);

    const fresh = await loginToken(server, 'demo');
    await callAs(server, fresh, 'POST', '/player/pin', { password: 'demo1234', pin: '8642' });
    const demo = (await playerRow(server, 'demo')).id;
    expect((await call('cashier', 'GET', `/staff/players/${demo}`)).body.pinIsDefault).toBe(false);
    const pin = await call('supervisor', 'POST', `/staff/players/${demo}/reset-pin`, {
      reason: 'locked out at the machine',
    });
    expect(pin).toMatchObject({ status: 200, body: { pinIsDefault: true } });
    expect((await call('cashier', 'GET', `/staff/players/${demo}`)).body.pinIsDefault).toBe(true);
  });

  it("sets a player's permissions, group and type (admin), which the next sign-in carries", async () => {
    const nomenu = (await playerRow(server, 'nomenu')).id;
    const set = await call('admin', 'POST', `/staff/players/${nomenu}/access`, {
      permissions: [145],
      group: 'vip',
      reason: 'VIP programme',
    });
    expect(set.body).toMatchObject({ permissions: [145], group: 'vip', type: 'player' });
    const signIn = (await login(server, 'nomenu', 'demo1234')).json();
    expect(signIn).toMatchObject({ Permissions: [{ PermissionId: 145 }], Group: 'vip' });
    const empty = await call('admin', 'POST', `/staff/players/${nomenu}/access`, { reason: 'x' });
    expect(empty.status).toBe(400);
  });

  it('makes staff accounts with generated passwords, changes their role and resets them', async () => {
    const created = await call('admin', 'POST', '/staff/accounts', {
      username: 'night.cashier',
      email: 'Night.Cashier@venue.example',
      name: 'Night',
      lastname: 'Cashier',
      role: 'cashier',
      reason: 'new hire',
    });
    expect(created.status).toBe(200);
    const { account, password } = created.body;
    expect(account).toMatchObject({
      role: 'cashier',
      twoFactor: false,
      email: 'night.cashier@venue.example',
    });
    const signIn = await login(server, 'night.cashier', password);
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().token as string;
    expect((await callAs(server, token, 'GET', '/staff/me')).body.role).toBe('cashier');
    const taken = await call('admin', 'POST', '/staff/accounts', {
      ...{ username: 'night.cashier', email: 'other@venue.example' },
      ...{ name: 'A', lastname: 'B', role: 'cashier', reason: 'again' },
    });
    expect(taken.status).toBe(409);

    const promoted = await call('admin', 'POST', `/staff/accounts/${account.id}/role`, {
      role: 'supervisor',
      reason: 'night shift lead',
    });
    expect(promoted.body.account.role).toBe('supervisor');
    // The change ends the account's sign-ins: its role is read afresh.
    expect((await callAs(server, token, 'GET', '/staff/me')).status).toBe(401);
    const adminId = (await playerRow(server, 'admin')).id;
    const self = await call('admin', 'POST', `/staff/accounts/${adminId}/role`, {
      role: 'cashier',
      reason: 'oops',
    });
    expect(self.status).toBe(409);

    const reset = await call('admin', 'POST', `/staff/accounts/${account.id}/reset`, {
      reason: 'lost the phone',
    });
    expect(reset.body.password).not.toBe(password);
    expect((await login(server, 'night.cashier', password)).statusCode).toBe(401);
    expect((await login(server, 'night.cashier', reset.body.password)).statusCode).toBe(200);
    const listed = await call('auditor', 'GET', '/staff/accounts');
    expect(listed.body.accounts.map((a: Json) => a.username)).toContain('night.cashier');
  });
});
