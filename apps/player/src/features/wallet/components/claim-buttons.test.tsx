import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../shared/auth/auth-store';
import { useSettings } from '../../../shared/settings';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { resetAuth } from '../../../testing/reset-auth';
import { resetAutoClaims } from '../hooks/use-auto-claim';
import { lastClaimStorageKeys } from '../utils/claim-guard';
import { ClaimButtons } from './claim-buttons';

const paid = (amount: number, balance = 5_000) =>
  jsonResponse(200, {
    status: 200,
    code: 20000,
    Params: { amount },
    ErrorMessage: 'Request successful',
    balance,
  });
/** §7: a refused claim is answered in the claim's shape, with HTTP 200 and its own status. */
const refused = (status: number, code: number, params: Record<string, unknown> = {}) =>
  jsonResponse(200, {
    status,
    code,
    ErrorMessage: 'server text',
    Params: { amount: 0, ...params },
  });

function renderButtons() {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ClaimButtons />
      <Toaster />
    </>,
  );
  return user;
}

const toastText = async (text: string | RegExp) =>
  waitFor(() => {
    const toasts = [...document.querySelectorAll('[data-sonner-toast]')].map((t) => t.textContent);
    expect(
      toasts.some((t) => (typeof text === 'string' ? t?.includes(text) : text.test(t ?? ''))),
    ).toBe(true);
  });

describe('discount and bonus buttons', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken());
    resetAutoClaims();
    // Manual claims only, unless a test turns the automatic ones on; balance well above the minimum.
    useSettings.setState({ AUTO_DISCOUNT: false, AUTO_BONUS: false });
  });
  afterEach(() => {
    resetAuth();
  });

  it('claims, shows the amount, and keeps the 30 s guard from the stored click time', async () => {
    const server = fakeServer({ '/player/discount': () => paid(1_250) });
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Discount' }));
    await toastText('Discount of ₺12.50 added to your wallet');
    expect(localStorage.getItem(lastClaimStorageKeys.discount)).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Discount' }));
    await toastText('You can use discount only once per 5 minutes');
    expect(callsTo(server, '/player/discount')).toHaveLength(1);
  });

  it('lets the click through once the stored click is 30 s old', async () => {
    localStorage.setItem(lastClaimStorageKeys.bonus, String(Date.now() - 30_001));
    const server = fakeServer({ '/player/bonus': () => paid(200) });
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    await toastText('Bonus of ₺2.00 added to your wallet');
    expect(callsTo(server, '/player/bonus')).toHaveLength(1);
  });

  it('sends one claim at a time and shows calculating.. meanwhile', async () => {
    let answer: (r: Response) => void = () => {};
    const server = fakeServer({
      '/player/discount': () => new Promise<Response>((resolve) => (answer = resolve)),
      '/player/bonus': () => paid(100),
    });
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Discount' }));
    const busy = await screen.findByRole('button', { name: 'calculating..' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    expect(callsTo(server, '/player/bonus')).toHaveLength(0);
    await act(async () => answer(paid(300)));
    await screen.findByRole('button', { name: 'Discount' });
    expect(callsTo(server, '/player/discount')).toHaveLength(1);
  });

  it('shows the translated refusals: nothing to pay, balance too high', async () => {
    fakeServer({
      '/player/discount': () => refused(409, 40211, { amount: 10_000 }),
      '/player/bonus': () => refused(409, 40212),
    });
    const user = renderButtons();
    await user.click(screen.getByRole('button', { name: 'Discount' }));
    await toastText('Your balance must be below ₺100.00');
    await user.click(screen.getByRole('button', { name: 'Bonus' }));
    await toastText('Nothing to claim right now');
  });

  it('claims automatically once the balance is below the minimum, once per balance', async () => {
    useSettings.setState({ AUTO_DISCOUNT: true, AUTO_BONUS: false, DISCOUNT_MIN: 100 });
    let balance = 20_000;
    const server = fakeServer({
      '/player/balance': () => jsonResponse(200, { balance }),
      '/player/discount': () => refused(409, 40212),
    });
    const { queryClient } = renderWithProviders(<ClaimButtons />);
    await waitFor(() => expect(queryClient.getQueryData(['player', 'balance'])).toBeTruthy());
    // At or above the minimum: no automatic claim.
    expect(callsTo(server, '/player/discount')).toHaveLength(0);

    balance = 9_999;
    await act(async () => queryClient.setQueryData(['player', 'balance'], { balance }));
    await waitFor(() => expect(callsTo(server, '/player/discount')).toHaveLength(1));
    // The refusal is silent and not asked again for the same balance; the click stays free.
    await act(async () => queryClient.setQueryData(['player', 'balance'], { balance }));
    expect(callsTo(server, '/player/discount')).toHaveLength(1);
    expect(localStorage.getItem(lastClaimStorageKeys.discount)).toBeNull();
  });
});
