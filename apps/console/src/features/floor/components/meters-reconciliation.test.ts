import { describe, expect, it } from 'vitest';
import { reconcile } from './meters-reconciliation';

describe('meters against the ledger', () => {
  it('reconciles when the money the ledger moved is what the games and the credit meter hold', () => {
    const meters = { coinIn: 5000, coinOut: 3000, handPaid: 1000, currentCredits: 500 };
    expect(reconcile(meters, { cashIn: 10000, cashOut: 7500, handPay: 1000 })).toEqual({
      byLedger: 1500,
      byMeters: 1500,
      difference: 0,
    });
    expect(reconcile(meters, { cashIn: 10000, cashOut: 7400, handPay: 1000 }).difference).toBe(100);
  });
});
