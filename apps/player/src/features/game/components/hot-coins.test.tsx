import { transferRequest } from '@reelcast/protocol/machine-socket';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../shared/settings';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { HotCoins } from './hot-coins';

describe('hot coins and all-in (§9)', () => {
  beforeAll(setUpI18n);
  afterEach(() => useSettings.setState(settingsDefaults, true));

  it('all-in moves the whole wallet when it is under both limits', async () => {
    const onTransfer = vi.fn();
    renderWithProviders(
      <HotCoins balanceCents={123_456} disabled={false} onTransfer={onTransfer} />,
    );
    await userEvent.setup().click(screen.getByTestId('all-in'));
    expect(onTransfer).toHaveBeenCalledWith(123_456);
  });

  it('all-in above 1,000,000.00 asks for what one transfer may carry, which the server takes', async () => {
    // The default all-in limit (2,500,000) is above the transfer cap: the cap decides.
    const onTransfer = vi.fn();
    renderWithProviders(
      <HotCoins balanceCents={150_000_000} disabled={false} onTransfer={onTransfer} />,
    );
    await userEvent.setup().click(screen.getByTestId('all-in'));
    const [amount] = onTransfer.mock.calls[0] as [number];
    expect(amount).toBe(100_000_000);
    expect(transferRequest.safeParse({ amount, requestId: 'abcdefgh' }).success).toBe(true);
  });

  it('offers no coin larger than one transfer may carry', () => {
    useSettings.setState({
      HOT_COINS: [
        { price: '2.000.000', color: 'red' },
        { price: 500, color: 'blue' },
      ],
    });
    renderWithProviders(
      <HotCoins balanceCents={300_000_000} disabled={false} onTransfer={vi.fn()} />,
    );
    const [big, small] = screen.getAllByTestId('hot-coin') as HTMLButtonElement[];
    expect(big!.disabled).toBe(true);
    expect(small!.disabled).toBe(false);
  });
});
