import { describe, expect, it } from 'vitest';
import { QueryClient } from '../query/query-client';
import { applyBalance, balanceQueryKey } from './get-balance';

describe('applyBalance', () => {
  it('writes balances into the balance query, never an older one over a newer', () => {
    const queryClient = new QueryClient();
    expect(applyBalance(queryClient, { balance: 500, seq: 20 })).toBe(true);
    expect(applyBalance(queryClient, { balance: 400, seq: 19 })).toBe(false);
    expect(applyBalance(queryClient, { balance: 'x' })).toBe(false);
    expect(queryClient.getQueryData(['player', 'balance'])).toEqual({ balance: 500 });
  });

  it('takes a balance only if its ledger entry is newer than the last applied', () => {
    const queryClient = new QueryClient();
    expect(applyBalance(queryClient, { balance: 0, seq: 0 })).toBe(true);
    expect(applyBalance(queryClient, { balance: 700, seq: 21 })).toBe(true);
    // The transfer's answer and the /notice push of the same entry: applied once.
    expect(applyBalance(queryClient, { balance: 700, seq: 21 })).toBe(false);
    // A balance without its entry cannot be ordered, so it is not taken.
    expect(applyBalance(queryClient, { balance: 900 })).toBe(false);
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 700 });
  });

  it('forgets the order with the cache at sign-out', () => {
    const queryClient = new QueryClient();
    applyBalance(queryClient, { balance: 500, seq: 20 });
    queryClient.clear();
    expect(applyBalance(queryClient, { balance: 100, seq: 3 })).toBe(true);
    expect(queryClient.getQueryData(balanceQueryKey)).toEqual({ balance: 100 });
  });
});
