// The §9 settings from the console (issue #21): the admin sets a key and /Settings.json serves it
// at once, over the operator's file; a value that fails the key's check answers 40000 with why and
// changes nothing; a reset brings the file's value (or the default) back; supervisors and auditors
// read, only the admin writes; every change is in the audit log with the value before and after.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsOverrides } from '../src/db/schema-settings';
import { auditRows, consoleCaller, consoleTokens, type Who } from './console-support';
import { type DbKind, startTestServer, type TestServer } from './support';

/** The operator's file: COUNTDOWN_START set there, everything else left at its default. */
function settingsFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-settings-')), 's.json');
  writeFileSync(file, JSON.stringify({ COUNTDOWN_START: 20 }));
  return file;
}

describe.each<DbKind>(['pglite', 'postgres'])('settings from the console on %s', (kind) => {
  let server: TestServer;
  let call: ReturnType<typeof consoleCaller>;

  const served = async () =>
    (await server.app.inject({ method: 'GET', url: '/Settings.json' })).json();
  const listed = async (who: Who = 'admin') => {
    const res = await call(who, 'GET', '/staff/settings');
    expect(res.status).toBe(200);
    return new Map(res.body.settings.map((s: { key: string }) => [s.key, s]));
  };
  const overrideRows = () => server.services.database.db.select().from(settingsOverrides);

  beforeAll(async () => {
    server = await startTestServer(kind, { SETTINGS_FILE: settingsFile() });
    call = consoleCaller(server, await consoleTokens(server));
  });
  afterAll(() => server?.close());

  it('lists every key with its value in force, its default and where it comes from', async () => {
    const settings = await listed('auditor');
    expect([...settings.keys()]).toEqual(Object.keys(settingsDefaults));
    expect(settings.get('COUNTDOWN_START')).toMatchObject({
      value: 20,
      default: 10,
      source: 'file',
      updatedBy: null,
    });
    expect(settings.get('HOT_COINS')).toMatchObject({
      value: settingsDefaults.HOT_COINS,
      default: settingsDefaults.HOT_COINS,
      source: 'default',
    });
    expect((await listed('supervisor')).size).toBe(settings.size);
  });

  it("serves the admin's value at once, over the file, and audits before and after", async () => {
    const set = await call('admin', 'POST', '/staff/settings', {
      key: 'COUNTDOWN_START',
      value: 45,
      reason: 'players asked for longer',
    });
    expect(set.status).toBe(200);
    expect(set.body.setting).toMatchObject({
      key: 'COUNTDOWN_START',
      value: 45,
      source: 'console',
      updatedBy: 'admin',
    });
    expect((await served()).COUNTDOWN_START).toBe(45);
    // The server's own readers (the seats' idle countdown) read the same store.
    expect(server.services.settings.current().COUNTDOWN_START).toBe(45);

    // An array, and a string that reads as JSON: each comes back as it was given.
    const coins = [{ price: 100, color: 'blue' }];
    expect(
      (await call('admin', 'POST', '/staff/settings', { key: 'HOT_COINS', value: coins })).status,
    ).toBe(200);
    const number = await call('admin', 'POST', '/staff/settings', {
      key: 'CONTACT_NUMBER',
      value: '12345',
    });
    expect(number.status).toBe(200);
    // One colour alone: merged over the others, as the file's COLORS would be.
    await call('admin', 'POST', '/staff/settings', { key: 'COLORS', value: { cash: '#0a0' } });
    await server.services.consoleSettings.load();
    const now = await served();
    expect(now.HOT_COINS).toEqual(coins);
    expect(now.CONTACT_NUMBER).toBe('12345');
    expect(now.COLORS).toEqual({ ...settingsDefaults.COLORS, cash: '#0a0' });

    const entry = (await auditRows(server)).find(
      (r) => r.action === 'set setting' && r.targetId === 'COUNTDOWN_START',
    );
    expect(entry).toMatchObject({
      actor: 'admin',
      targetType: 'setting',
      reason: 'players asked for longer',
      outcome: 'done',
      before: { value: 20, source: 'file' },
      after: { value: 45, source: 'console' },
    });
  });

  it('refuses a value that fails its check with 40000 and why, and changes nothing', async () => {
    const rowsBefore = await overrideRows();
    const auditedBefore = (await auditRows(server)).length;
    for (const [key, value] of [
      ['COUNTDOWN_START', 0],
      ['COUNTDOWN_START', 'soon'],
      ['CURRENCY', 'euro'],
      ['HOT_COINS', []],
    ] as const) {
      const res = await call('admin', 'POST', '/staff/settings', { key, value });
      expect([key, res.status, res.body.code]).toEqual([key, 400, 40000]);
      expect(res.body.Params).toMatchObject({ key });
      expect(res.body.Params.detail).toMatch(/\w/);
    }
    const unknown = await call('admin', 'POST', '/staff/settings', { key: 'NO_SUCH', value: 1 });
    expect([unknown.status, unknown.body.code]).toEqual([400, 40000]);
    // Where the player app sends its calls (and so its passwords) is not the console's to set.
    for (const key of ['API_URL', 'NOTICE_URL', 'MACHINE_URL']) {
      const moved = await call('admin', 'POST', '/staff/settings', {
        key,
        value: 'https://elsewhere.example',
      });
      expect([key, moved.status, moved.body.code]).toEqual([key, 400, 40000]);
    }
    expect(await overrideRows()).toEqual(rowsBefore);
    expect((await served()).COUNTDOWN_START).toBe(45);
    expect((await served()).CURRENCY).toBe(settingsDefaults.CURRENCY);
    // Refusals are recorded as refused, never as done.
    const after = (await auditRows(server)).slice(auditedBefore);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.outcome === 'refused')).toBe(true);
  });

  it('resets a key to the file, or to the default when the file has none', async () => {
    const reset = await call('admin', 'POST', '/staff/settings/reset', { key: 'COUNTDOWN_START' });
    expect(reset.status).toBe(200);
    expect(reset.body.setting).toMatchObject({ value: 20, source: 'file', updatedBy: null });
    expect((await served()).COUNTDOWN_START).toBe(20);

    await call('admin', 'POST', '/staff/settings/reset', { key: 'HOT_COINS' });
    expect((await served()).HOT_COINS).toEqual(settingsDefaults.HOT_COINS);
    expect((await listed()).get('HOT_COINS')).toMatchObject({ source: 'default' });

    const entry = (await auditRows(server)).find(
      (r) => r.action === 'reset setting' && r.targetId === 'COUNTDOWN_START',
    );
    expect(entry).toMatchObject({
      before: { value: 45, source: 'console' },
      after: { value: 20, source: 'file' },
    });
  });

  it('lets only the admin write; the cashier does not even read', async () => {
    const before = await served();
    for (const who of ['supervisor', 'cashier', 'auditor', 'player'] as const) {
      const set = await call(who, 'POST', '/staff/settings', { key: 'FPS', value: 12 });
      const reset = await call(who, 'POST', '/staff/settings/reset', { key: 'CONTACT_NUMBER' });
      expect([who, set.status, reset.status]).toEqual([who, 403, 403]);
    }
    expect(await served()).toEqual(before);
    expect((await call('cashier', 'GET', '/staff/settings')).status).toBe(403);
    expect((await call('player', 'GET', '/staff/settings')).status).toBe(403);
  });

  it("keeps the console's values across a restart of the store", async () => {
    // What another instance (or this one after a restart) reads from the database.
    server.services.settings.useConsoleLayer([]);
    expect((await served()).CONTACT_NUMBER).toBe('');
    await server.services.consoleSettings.load();
    expect((await served()).CONTACT_NUMBER).toBe('12345');
  });
});
