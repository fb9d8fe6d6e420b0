import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../shared/i18n';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { EmptyWalletNotice } from './empty-wallet-notice';

describe('empty wallet notice (§9 zero-balance play)', () => {
  beforeAll(setUpI18n);

  it('tells a player with an empty wallet they can play the credits and how to add funds', () => {
    renderWithProviders(<EmptyWalletNotice balanceCents={0} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Your wallet is empty. You can still play the credits on this machine; to add funds, ask the cashier or support.',
    );
  });

  it('says nothing while there is money in the wallet or the balance is still loading', () => {
    const { rerender } = renderWithProviders(<EmptyWalletNotice balanceCents={1} />);
    expect(screen.queryByTestId('empty-wallet')).toBeNull();
    rerender(<EmptyWalletNotice balanceCents={undefined} />);
    expect(screen.queryByTestId('empty-wallet')).toBeNull();
  });

  it('is said in Turkish too', async () => {
    await initI18n('tr');
    try {
      renderWithProviders(<EmptyWalletNotice balanceCents={0} />);
      expect(screen.getByRole('status').textContent).toContain('Cüzdanınız boş');
    } finally {
      await initI18n('en');
    }
  });
});
