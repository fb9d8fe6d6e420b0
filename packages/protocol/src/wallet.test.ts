import { describe, expect, it } from 'vitest';
import { staffMoneyBody, transactionsFilterQuery } from './wallet';

describe('transactions filter query', () => {
  it('reads types, a day range (the to-day included) and paging', () => {
    const q = transactionsFilterQuery.parse({
      type: '4,3,3',
      from: '2026-11-01',
      to: '2026-11-22',
      page: '2',
    });
    expect(q).toEqual({
      page: 2,
      pageSize: 50,
      types: [4, 3],
      from: new Date('2026-11-01T00:00:00Z'),
      to: new Date('2026-11-23T00:00:00Z'),
    });
    const instants = transactionsFilterQuery.parse({
      from: '2026-11-01T21:00:00.000Z',
      to: '2026-11-02T21:00:00+03:00',
    });
    expect(instants.to).toEqual(new Date('2026-11-02T18:00:00Z'));
  });

  it('refuses what is not a filter', () => {
    for (const bad of [
      { type: '0' },
      { type: '1,7' },
      { type: ',' },
      { from: '2026-02-30' },
      { from: 'last week' },
      { from: '2026-11-02', to: '2026-11-01' },
      { pageSize: '500' },
    ]) {
      expect(transactionsFilterQuery.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('staff money body', () => {
  it('takes exactly one of username and playerId, and whole positive hundredths', () => {
    const ok = { amount: 100, idempotencyKey: 'cashier-0001', reason: 'cash at the till' };
    expect(staffMoneyBody.safeParse({ ...ok, username: 'demo' }).success).toBe(true);
    expect(staffMoneyBody.safeParse({ ...ok, playerId: 3 }).success).toBe(true);
    expect(staffMoneyBody.safeParse({ ...ok, username: 'demo', playerId: 3 }).success).toBe(false);
    expect(staffMoneyBody.safeParse(ok).success).toBe(false);
    expect(staffMoneyBody.safeParse({ ...ok, username: 'demo', amount: 0 }).success).toBe(false);
    expect(staffMoneyBody.safeParse({ ...ok, username: 'demo', amount: 1.5 }).success).toBe(false);
  });

  it('refuses a movement without a reason', () => {
    const base = { username: 'demo', amount: 100, idempotencyKey: 'cashier-0001' };
    expect(staffMoneyBody.safeParse(base).success).toBe(false);
    expect(staffMoneyBody.safeParse({ ...base, reason: '   ' }).success).toBe(false);
    expect(staffMoneyBody.safeParse({ ...base, reason: 'refund' }).success).toBe(true);
  });
});
