import { TransactionType } from '@reelcast/protocol/transactions';
import { describe, expect, it } from 'vitest';
import { checkPosting, type Posting } from './ledger';

const base: Posting = {
  playerId: 1,
  type: TransactionType.cashIn,
  amount: -100,
  idempotencyKey: 'k',
};

describe('ledger rules', () => {
  it('accepts a Cash In that takes money off the wallet and a Cash Out that adds it', () => {
    expect(() => checkPosting(base)).not.toThrow();
    expect(() =>
      checkPosting({ ...base, type: TransactionType.cashOut, amount: 100 }),
    ).not.toThrow();
  });

  it('refuses zero and fractional cents', () => {
    expect(() => checkPosting({ ...base, amount: 0 })).toThrow();
    expect(() => checkPosting({ ...base, amount: -0.5 })).toThrow();
  });

  it('refuses a type carrying the wrong direction of money', () => {
    expect(() => checkPosting({ ...base, type: TransactionType.cashIn, amount: 100 })).toThrow();
    expect(() => checkPosting({ ...base, type: TransactionType.deposit, amount: -100 })).toThrow();
    expect(() => checkPosting({ ...base, type: TransactionType.withdraw, amount: 100 })).toThrow();
  });

  it('refuses a posting without an idempotency key', () => {
    expect(() => checkPosting({ ...base, idempotencyKey: '' })).toThrow();
  });
});
