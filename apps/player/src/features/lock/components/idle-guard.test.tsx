import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { logout, signIn, useAuthStore } from '../../../shared/auth/auth-store';
import { Route, Routes } from '../../../shared/router';
import { useSettings } from '../../../shared/settings';
import { playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { IdleGuard } from './idle-guard';
import { IdleWatch } from './idle-watch';

// Short idle times so the real timers of the lazy screens and the async PIN check can run; the
// 60 s / 500 ms timing itself is proven with fake timers in idle-timer.test.ts. The tests that
// show nothing happens move fake time on instead of waiting.
function configure(pinCheck: boolean) {
  useSettings.setState({ PIN_CHECK: pinCheck, IDLE_TIMEOUT_MS: 80, IDLE_THROTTLE_MS: 10 });
}

/** The guard as app/ mounts it, with the idle watch; or as it is before that chunk is in. */
function renderGuard({ watching = true } = {}) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/lobby" element={<p>lobby</p>} />
        <Route path="/logout" element={<p>logging out page</p>} />
      </Routes>
      <IdleGuard watch={watching ? (props) => <IdleWatch {...props} /> : undefined} />
    </>,
    { path: '/lobby' },
  );
}

describe('idle guard', () => {
  beforeAll(async () => {
    await setUpI18n();
    // The lazy screens, compiled once up front so no test waits on the transform.
    await import('./lock-screen');
  });
  afterEach(() => {
    vi.useRealTimers();
    logout();
    localStorage.clear();
    useSettings.setState(settingsDefaults, true);
  });

  it('with PIN_CHECK on, locks after the idle time: userLock set, LOCKED ! shown', async () => {
    configure(true);
    signIn(playerToken(), PIN_CODE_MARKER);
    renderGuard();
    expect(await screen.findByRole('dialog', { name: 'LOCKED !' })).toBeTruthy();
    expect(localStorage.getItem('userLock')).toBe('true');
    expect(useAuthStore.getState().locked).toBe(true);
    expect(screen.queryByRole('dialog', { name: 'Deactivated Detected' })).toBeNull();
  });

  it('does not lock while the player is active', async () => {
    configure(true);
    signIn(playerToken(), PIN_CODE_MARKER);
    vi.useFakeTimers();
    renderGuard();
    // Activity every 25 ms for 200 ms against an 80 ms idle time: never idle long enough.
    for (let i = 0; i < 8; i++) {
      act(() => vi.advanceTimersByTime(25));
      fireEvent.pointerMove(window);
    }
    expect(useAuthStore.getState().locked).toBe(false);
    // The guard was watching all along: once idle for the idle time, it locks.
    act(() => vi.advanceTimersByTime(80));
    expect(useAuthStore.getState().locked).toBe(true);
  });

  it('shows the lock again after a reload when the flag is set and a PIN exists', async () => {
    configure(true);
    signIn(playerToken(), PIN_CODE_MARKER);
    localStorage.setItem('userLock', 'true');
    // What the store reads on load:
    useAuthStore.setState({ locked: true });
    // Before the idle watch's chunk is in (app/ loads it after the first screen): the lock does
    // not wait for it.
    renderGuard({ watching: false });
    expect(await screen.findByRole('dialog', { name: 'LOCKED !' })).toBeTruthy();
  });

  it("the lock's Logout clears the lock and the PIN and goes to /logout", async () => {
    configure(true);
    signIn(playerToken(), PIN_CODE_MARKER);
    renderGuard();
    const user = userEvent.setup();
    await screen.findByRole('dialog', { name: 'LOCKED !' });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('logging out page')).toBeTruthy();
    expect(localStorage.getItem('userLock')).toBeNull();
    expect(localStorage.getItem('pinCode')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("with PIN_CHECK off, asks 'Deactivated Detected'; Continue dismisses it", async () => {
    configure(false);
    signIn(playerToken(), PIN_CODE_MARKER);
    renderGuard();
    const user = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Deactivated Detected' });
    expect(dialog.textContent).toContain('Do you want to continue?');
    expect(useAuthStore.getState().locked).toBe(false);
    expect(localStorage.getItem('userLock')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The idle time starts over: the question comes back after another idle period.
    expect(await screen.findByRole('dialog', { name: 'Deactivated Detected' })).toBeTruthy();
  });

  it("asks 'Deactivated Detected' instead of locking when the sign-in gave no PIN flag", async () => {
    configure(true);
    signIn(playerToken());
    renderGuard();
    expect(await screen.findByRole('dialog', { name: 'Deactivated Detected' })).toBeTruthy();
    expect(useAuthStore.getState().locked).toBe(false);
  });

  it('does nothing for a guest', async () => {
    configure(true);
    vi.useFakeTimers();
    renderGuard();
    // Well past the idle time on the guard's own clock.
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAuthStore.getState().locked).toBe(false);
  });
});
