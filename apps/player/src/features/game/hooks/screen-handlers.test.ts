import type { SlotSessionInfo } from '@reelcast/protocol/machine-socket';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUpI18n } from '../../../testing/render';
import { type GameScreen, screenHandlers } from './screen-handlers';

const toast = vi.hoisted(() => ({ error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock('../../../shared/ui/toast', () => ({ toast }));

function screen(): GameScreen {
  return {
    setStatus: vi.fn(),
    setSession: vi.fn(),
    setMachine: vi.fn(),
    setStream: vi.fn(),
    setWarning: vi.fn(),
    sessionIdRef: { current: 7 },
    machineRef: { current: null },
    countdownMs: 10_000,
    end: vi.fn(),
    cashout: vi.fn(async () => undefined),
  };
}

/** Our session closed on the server: the machine is free again, `reason` says why. */
const closed = (reason: string): SlotSessionInfo => ({
  id: 7,
  machineId: 3,
  name: 'Bar Royale',
  status: 'closed',
  machine_status: 'available',
  reason,
});

describe('the game screen when its session closes (§3 session notice)', () => {
  beforeAll(setUpI18n);
  beforeEach(() => toast.error.mockClear());

  it.each(['idle', 'quit'])('a close already explained (%s) ends quietly', (reason) => {
    const game = screen();
    screenHandlers(game).onSession(closed(reason));
    expect(game.end).toHaveBeenCalledOnce();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('any other close says the session was terminated, whatever the machine does now', () => {
    const game = screen();
    screenHandlers(game).onSession(closed('cancel'));
    expect(game.end).toHaveBeenCalledOnce();
    expect(toast.error).toHaveBeenCalledWith('Session terminated, transaction cannot be processed');
  });
});
