// The player as sign-in describes them (§3, §6, §7): permission ids, group, type, display name,
// photo, shortcuts and settings; and §4 user-settings, saved per player and answered by the next
// sign-in wherever it happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRepository } from '../src/modules/auth/repository';
import { type DbKind, login, playerRow, startTestServer, type TestServer } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('player account data on %s', (kind) => {
  let server: TestServer;
  const db = () => server.services.database.db;
  const request = (method: 'GET' | 'PUT', url: string, token: string, payload?: unknown) =>
    server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const signIn = async (username = 'demo2') => {
    const res = await login(server, username, username === 'staff' ? 'staff1234' : 'demo1234');
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    server = await startTestServer(kind, { LOGIN_RATE_PER_MINUTE: '1000' });
  });
  afterAll(() => server.close());

  it('login and the token sign-in (/validate) carry permissions 145, group, type and the profile bits', async () => {
    const answer = await signIn('demo2');
    const player = {
      Permissions: [{ PermissionId: 145 }],
      Group: 'players',
      type: 'player',
      displayName: 'Deniz Yılmaz',
      photoURL: null,
      shortcuts: ['slot-sessions', 'transactions'],
      settings: { layout: { navbarFolded: false, walletVisible: true } },
    };
    expect(answer).toMatchObject(player);
    const validated = await request('GET', '/validate', answer.token);
    expect(validated.statusCode).toBe(200);
    expect(validated.json()).toMatchObject(player);
  });

  it('seeds nomenu without 145 (sees no menu) and demo0 with an empty wallet, for a demo of both', async () => {
    const nomenu = await signIn('nomenu');
    expect(nomenu.Permissions).toEqual([]);
    const demo0 = await signIn('demo0');
    expect(demo0.Permissions).toEqual([{ PermissionId: 145 }]);
    const balance = await request('GET', '/player/balance', demo0.token);
    expect(balance.json().balance).toBe(0);
  });

  it('answers the permissions the player holds now, an empty list when 145 is taken away', async () => {
    const { id } = await playerRow(server, 'staff');
    await authRepository.setPermissions(db(), id, []);
    try {
      expect((await signIn('staff')).Permissions).toEqual([]);
    } finally {
      await authRepository.setPermissions(db(), id, [145]);
    }
    expect((await signIn('staff')).Permissions).toEqual([{ PermissionId: 145 }]);
  });

  it('PUT /player/settings keeps the layout for the next sign-in, on any device', async () => {
    const first = await signIn('demo2');
    const layout = { navbarFolded: true, walletVisible: false };
    const saved = await request('PUT', '/player/settings', first.token, { layout });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ layout });
    // A later sign-in (another browser has no local copy) gets them from the server.
    const next = await signIn('demo2');
    expect(next.settings).toEqual({ layout });
    const validated = (await request('GET', '/validate', next.token)).json();
    expect(validated.settings).toEqual({ layout });
    // Another player's layout is their own.
    expect((await signIn('demo')).settings.layout.navbarFolded).toBe(false);
    // /validate replaced next.token: the renewed one puts the layout back.
    await request('PUT', '/player/settings', validated.token, {
      layout: { navbarFolded: false, walletVisible: true },
    });
  });

  it('refuses a malformed settings body with 40000 and keeps what was stored', async () => {
    const { token } = await signIn('demo2');
    for (const payload of [
      { layout: { navbarFolded: 'yes', walletVisible: true } },
      { layout: { navbarFolded: true } },
      { layout: { navbarFolded: true, walletVisible: true, theme: 'pink' } },
      { navbarFolded: true },
    ]) {
      const res = await request('PUT', '/player/settings', token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe(40000);
    }
    expect((await signIn('demo2')).settings.layout).toEqual({
      navbarFolded: false,
      walletVisible: true,
    });
  });

  it('refuses settings without a token', async () => {
    const res = await server.app.inject({
      method: 'PUT',
      url: '/player/settings',
      payload: { layout: { navbarFolded: true, walletVisible: true } },
    });
    expect(res.statusCode).toBe(401);
  });
});
