import { act } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { JackpotWinToast } from './jackpot-win-toast';

const handlers = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../../shared/socket/notice-events', () => ({
  useNoticeEvent: (event: string, handler: (payload: unknown) => void) => {
    handlers.set(event, handler);
  },
}));
const toast = vi.hoisted(() => ({ success: vi.fn() }));
vi.mock('../../../shared/ui/toast', () => ({ toast }));

describe('JackpotWinToast', () => {
  beforeAll(setUpI18n);

  it('tells the winner the amount, the level and the machine', () => {
    renderWithProviders(<JackpotWinToast />);
    act(() =>
      handlers.get('jackpot-won')?.({
        brandId: 1,
        brandName: 'IGT',
        machineId: 6,
        machineName: 'Triple Diamond',
        level: 'Mini',
        amount: 2_345,
        balance: 102_345,
      }),
    );
    expect(toast.success).toHaveBeenCalledWith(
      'Jackpot! You won ₺23.45 (Mini) on Triple Diamond.',
      expect.anything(),
    );
    act(() => handlers.get('jackpot-won')?.({ nonsense: true }));
    expect(toast.success).toHaveBeenCalledTimes(1);
  });
});
