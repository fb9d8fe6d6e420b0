// Player protection on the game screen: what the market's rules keep in view and hide, and the
// reality check, which only the server's answer to Continue lets the player past.
import { PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import type { PlayRules, SessionPosition } from '@reelcast/protocol/protection';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout, signIn } from '../../../shared/auth/auth-store';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { stubOrientation } from '../../../testing/orientation';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { sayInputRefusal } from '../hooks/protection-inputs';
import type { useMachineConnection } from '../hooks/use-machine-connection';
import { GameControls } from './game-controls';
import { ProtectionPanel } from './protection-panel';

type Game = ReturnType<typeof useMachineConnection>;

const rulesOf = (jurisdiction: 'default' | 'GB'): PlayRules => ({
  code: 20000,
  jurisdiction,
  minGameCycleMs: jurisdiction === 'GB' ? 2_500 : 0,
  autoplay: jurisdiction !== 'GB',
  showNetPosition: jurisdiction === 'GB',
  showLiveDelay: true,
});

const position: SessionPosition = {
  code: 20000,
  sessionId: 41,
  openedAt: '2026-01-01T10:00:00.000Z',
  elapsedSeconds: 125,
  cashIn: 1_000,
  paidOut: 0,
  credits: 750,
  sessionNet: -250,
  dayNet: -400,
  realityCheckDue: false,
};

function gameWith(changes: Partial<Game> = {}): Game {
  return {
    session: { id: 41, machineId: 3, name: 'Lucky', status: 'open', machine_status: 'playing' },
    machine: null,
    realityCheck: null,
    dismissRealityCheck: vi.fn(),
    leave: vi.fn(),
    ...changes,
  } as unknown as Game;
}

const latency = { roundTripMs: 40, videoDelayMs: 182.4 };
const controls = { autoplay: false, disabled: false, onAutoplay: () => {}, onBand: () => {} };

describe('player protection on the game screen', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken(), PIN_CODE_MARKER);
    stubOrientation(false);
  });
  afterEach(() => {
    logout();
    vi.unstubAllGlobals();
  });

  it('GB: net position and session time always shown, the live line says how late, no autoplay', async () => {
    fakeServer({
      '/player/play-rules': () => jsonResponse(200, rulesOf('GB')),
      '/player/slot-sessions/41/position': () => jsonResponse(200, position),
    });
    renderWithProviders(
      <>
        <ProtectionPanel game={gameWith()} latency={latency} />
        <GameControls {...controls} videoType="screen" />
      </>,
    );
    const net = await screen.findByTestId('net-position');
    expect(within(net).getByText('-₺2.50')).toBeTruthy();
    expect(within(net).getByText('02:05')).toBeTruthy();
    expect(screen.getByTestId('live-line').textContent).toContain('Live video · 182 ms behind');
    await waitFor(() => expect(screen.queryByTestId('control-autoplay')).toBeNull());
  });

  it('default: no net position, and the autoplay control is offered', async () => {
    fakeServer({ '/player/play-rules': () => jsonResponse(200, rulesOf('default')) });
    renderWithProviders(
      <>
        <ProtectionPanel game={gameWith()} latency={{ roundTripMs: null, videoDelayMs: null }} />
        <GameControls {...controls} videoType="screen" />
      </>,
    );
    expect((await screen.findByTestId('live-line')).textContent).toContain('measuring the delay');
    expect(screen.queryByTestId('net-position')).toBeNull();
    expect(screen.getByTestId('control-autoplay')).toBeTruthy();
  });

  it('the reality check shows the time and results, and Continue asks the server first', async () => {
    const server = fakeServer({
      '/player/play-rules': () => jsonResponse(200, rulesOf('default')),
      '/player/reality-check/continue': () =>
        jsonResponse(200, { code: 20000, ErrorMessage: 'Request successful' }),
    });
    const game = gameWith({ realityCheck: { minutes: 30, sessionNet: 1_250, dayNet: -300 } });
    const user = userEvent.setup();
    renderWithProviders(<ProtectionPanel game={game} latency={latency} />);
    const dialog = await screen.findByRole('dialog', { name: 'Reality check' });
    expect(dialog.textContent).toContain('You have played for 30 minutes.');
    expect(dialog.textContent).toContain('This session: +₺12.50');
    expect(dialog.textContent).toContain('Today: -₺3.00');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(game.dismissRealityCheck).toHaveBeenCalled());
    expect(callsTo(server, '/player/reality-check/continue')[0]?.body).toEqual({ sessionId: 41 });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(game.leave).toHaveBeenCalled();
  });

  it('a press refused for an unanswered check shows the check again', () => {
    const showCheck = vi.fn();
    sayInputRefusal(
      {
        code: 40234,
        ErrorMessage: 'Answer the reality check first: continue or leave',
        Params: { minutes: 15, sessionNet: -100, dayNet: -100 },
      },
      showCheck,
    );
    expect(showCheck).toHaveBeenCalledWith({ minutes: 15, sessionNet: -100, dayNet: -100 });
    sayInputRefusal({ code: 20000 } as never, showCheck);
    expect(showCheck).toHaveBeenCalledTimes(1);
  });
});
