import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, setSession, useAuthStore } from '../shared/auth/auth-store';
import { hideMessage } from '../shared/ui/message';
import { fakeServer } from '../testing/fake-server';
import { playerToken } from '../testing/fixtures';
import { setUpI18n } from '../testing/render';
import { resetAuth } from '../testing/reset-auth';
import { App } from './app';

describe('sign-out reasons on screen', () => {
  beforeAll(setUpI18n);
  // jsdom is neither of the two browser families the start-up gates let through, and has no WebRTC.
  beforeEach(() => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 Chrome/131.0.0.0');
    vi.stubGlobal('RTCPeerConnection', class {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    resetAuth();
    hideMessage();
    window.history.replaceState(null, '', '/');
  });

  it.each([
    ['auth.invalidToken', undefined, 'Invalid access_token'],
    ['auth.tokenExpired', undefined, 'access_token expired'],
    ['errors.network', undefined, 'Network Error, please check your connection'],
    [
      'auth.validateFailed',
      { code: 10704, message: 'Banned!' },
      'Your session could not be restored: Banned',
    ],
    [
      'auth.validateFailed',
      { code: 99999, message: 'Maintenance until 6' },
      'Your session could not be restored: Maintenance until 6',
    ],
  ])('%s is shown as the top-center message', async (key, error, text) => {
    fakeServer();
    render(<App />);
    await screen.findByLabelText('Email or username');
    act(() => {
      setSession(playerToken());
      logout(key, undefined, error);
    });
    const message = await screen.findByTestId('message');
    expect(message.textContent).toBe(text);
    expect(message.dataset.position).toBe('top-center');
    expect(useAuthStore.getState().logoutReason).toBeNull();
  });
});
