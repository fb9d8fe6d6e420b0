import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockSession, logout, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { browser } from '../../../shared/browser';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { LogoutPage } from './logout-page';

describe('/logout', () => {
  beforeAll(setUpI18n);
  afterEach(() => {
    logout();
    localStorage.clear();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it("shows 'Logging out..', posts logout, forgets the session and reloads", async () => {
    const token = playerToken();
    signIn(token, PIN_CODE_MARKER);
    lockSession();
    const server = fakeServer();
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    renderWithProviders(<LogoutPage />, { path: '/logout' });
    expect(screen.getByRole('status').textContent).toContain('Logging out..');

    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'));
    const [call] = callsTo(server, '/player/logout');
    expect(call?.init?.method).toBe('POST');
    const headers = (call?.init?.headers ?? {}) as Record<string, string>;
    expect(headers.Authorization).toBe(`Bearer ${token}`);
    expect(useAuthStore.getState()).toMatchObject({ token: null, locked: false });
    for (const key of ['jwt_access_token', 'pinCode', 'userLock']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
  });

  it('still signs out when the server cannot be reached', async () => {
    signIn(playerToken());
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const reload = vi.spyOn(browser, 'reloadTo').mockImplementation(() => undefined);
    renderWithProviders(<LogoutPage />, { path: '/logout' });
    await waitFor(() => expect(reload).toHaveBeenCalledWith('/login'));
    expect(useAuthStore.getState().token).toBeNull();
  });
});
