// Rotation and cut screen on a phone held upright show the machine's portrait layout: the game
// screen asks the machine for it over the socket, and for landscape again when they are undone.
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { Route, Routes } from '../../../shared/router';
import { machineServer as server } from '../../../testing/fake-machine-socket';
import { fakeServer } from '../../../testing/fake-server';
import { playerToken } from '../../../testing/fixtures';
import { stubOrientation } from '../../../testing/orientation';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { useGameControls } from '../stores/game-store';
import { GamePage } from './game-page';

vi.mock('socket.io-client', () => import('../../../testing/fake-machine-socket'));

/** The layouts asked of the machine so far. */
const layouts = () =>
  server.sent
    .filter((s) => s.event === 'layout')
    .map((s) => (s.payload as { layout: string }).layout);

function joinMachine() {
  renderWithProviders(
    <Routes>
      <Route path="/game/:gameId/:name" element={<GamePage />} />
    </Routes>,
    { path: '/game/3/Golden%20Sevens' },
  );
  const init = server.sent.find((s) => s.event === 'init');
  act(() =>
    init?.ack?.(null, {
      code: 20000,
      session: { id: 7, machineId: 3, name: '#3', status: 'open', machine_status: 'playing' },
      machine: { id: 3, status: 'idle', credits: 500, bet: 10, win: 0, spinning: false },
    }),
  );
}

describe('the machine screen layout', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    fakeServer();
    signIn(playerToken());
    useGameControls.setState({ rotated: false, cutScreen: false });
  });
  afterEach(() => {
    // Unmounted first: the screen reads matchMedia while it is up.
    cleanup();
    vi.unstubAllGlobals();
    logout();
    server.sent.length = 0;
  });

  it('rotation on a phone held upright asks for the portrait layout, and back', async () => {
    stubOrientation(true);
    joinMachine();
    // Once joined, the machine is told what this player sees (a layout left behind goes).
    await waitFor(() => expect(layouts()).toEqual(['landscape']));
    const rotate = screen.getByRole('button', { name: 'Rotate the machine screen' });
    fireEvent.click(rotate);
    expect(rotate.getAttribute('aria-pressed')).toBe('true');
    expect(layouts()).toEqual(['landscape', 'portrait']);
    expect(screen.getByTestId('machine-video').getAttribute('data-layout')).toBe('portrait');
    fireEvent.click(rotate);
    expect(layouts()).toEqual(['landscape', 'portrait', 'landscape']);
    expect(screen.getByTestId('machine-video').getAttribute('data-layout')).toBe('landscape');
  });

  it('cut screen uses the portrait layout on a phone held upright, never on a wide screen', async () => {
    stubOrientation(true);
    joinMachine();
    await waitFor(() => expect(layouts()).toEqual(['landscape']));
    fireEvent.click(
      screen.getByRole('button', { name: 'Cut screen: fill the area with the machine screen' }),
    );
    expect(layouts()).toEqual(['landscape', 'portrait']);
    expect(screen.getByTestId('machine-video').getAttribute('data-cut')).toBe('true');
  });

  it('a wide screen keeps the landscape layout whatever is toggled', async () => {
    stubOrientation(false);
    joinMachine();
    await waitFor(() => expect(layouts()).toEqual(['landscape']));
    fireEvent.click(
      screen.getByRole('button', { name: 'Cut screen: fill the area with the machine screen' }),
    );
    expect(layouts()).toEqual(['landscape']);
    expect(screen.getByTestId('machine-video').getAttribute('data-layout')).toBe('landscape');
  });
});
