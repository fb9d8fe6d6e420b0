import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '../../../shared/auth/auth-store';
import { useLocation } from '../../../shared/router';
import { callsTo, fakeServer } from '../../../testing/fake-server';
import { jsonResponse, playerToken } from '../../../testing/fixtures';
import { renderWithProviders, setUpI18n } from '../../../testing/render';
import { resetAuth } from '../../../testing/reset-auth';
import { parseTransactionsFilter } from '../hooks/use-transactions-filter';
import { TransactionsPage } from './transactions-page';

const entry = (id: number, type: number, amount: number, balanceAfter: number) => ({
  id,
  type,
  amount,
  balanceAfter,
  source: null,
  sessionId: type === 3 || type === 4 ? 7 : null,
  machineId: type === 3 || type === 4 ? 2 : null,
  createdAt: '2026-11-20T10:00:00.000Z',
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderPage(path = '/transactions') {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <TransactionsPage />
      <Where />
    </>,
    { path },
  );
  return user;
}

describe('transactions filter in the address', () => {
  it('keeps valid types and days, drops nonsense, swaps a backwards range', () => {
    expect(
      parseTransactionsFilter(
        new URLSearchParams('type=4,3,9,x&from=2026-11-20&to=2026-11-01&page=2'),
      ),
    ).toEqual({ types: [3, 4], from: '2026-11-01', to: '2026-11-20', page: 2 });
    expect(parseTransactionsFilter(new URLSearchParams('from=yesterday&page=-1'))).toEqual({
      types: [],
      from: null,
      to: null,
      page: 1,
    });
  });
});

describe('transactions page', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    signIn(playerToken());
  });
  afterEach(resetAuth);

  it('shows translated types, signed amounts, balance after and the machine', async () => {
    fakeServer({
      '/player/transactions': () =>
        jsonResponse(200, {
          items: [entry(2, 4, 4_500, 104_500), entry(1, 3, -5_000, 100_000)],
          total: 2,
          page: 1,
          pageSize: 20,
        }),
    });
    renderPage();
    const cards = await screen.findAllByTestId('transaction');
    expect(within(cards[0]!).getByText('Cash Out')).toBeTruthy();
    expect(within(cards[0]!).getByTestId('transaction-amount').textContent).toBe('+₺45.00');
    expect(within(cards[1]!).getByText('Cash In')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('transaction-amount').textContent).toBe('-₺50.00');
    expect(within(cards[1]!).getByText(/Machine #2 · Session #7/)).toBeTruthy();
    expect(within(cards[0]!).getByText('₺1,045.00')).toBeTruthy();
  });

  it('sends the filter from the address and writes a new one back to it', async () => {
    const server = fakeServer({
      '/player/transactions': () =>
        jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20 }),
    });
    const user = renderPage('/transactions?type=3&page=2');
    expect(await screen.findByText('No transactions for these filters yet.')).toBeTruthy();
    const first = callsTo(server, '/player/transactions')[0]!.url.searchParams;
    expect(first.get('type')).toBe('3');
    expect(first.get('page')).toBe('2');

    await user.selectOptions(screen.getByLabelText('Type'), 'Deposit');
    expect(screen.getByTestId('where').textContent).toBe('/transactions?type=1');
    const last = callsTo(server, '/player/transactions').at(-1)!.url.searchParams;
    expect(last.get('type')).toBe('1');
    expect(last.get('page')).toBe('1');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('where').textContent).toBe('/transactions');
  });

  it('pages through the server pages', async () => {
    const server = fakeServer({
      '/player/transactions': (_init, url) =>
        jsonResponse(200, {
          items: [entry(Number(url.searchParams.get('page')), 1, 100, 100)],
          total: 45,
          page: Number(url.searchParams.get('page')),
          pageSize: 20,
        }),
    });
    const user = renderPage();
    expect(await screen.findByText('Page 1 of 3 (45 entries)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3 (45 entries)')).toBeTruthy();
    expect(callsTo(server, '/player/transactions').at(-1)!.url.searchParams.get('page')).toBe('2');
  });

  it('says when the list could not be loaded and offers a retry', async () => {
    fakeServer({
      '/player/transactions': () =>
        jsonResponse(500, { code: 50000, ErrorMessage: 'Internal error', Params: {} }),
    });
    renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
