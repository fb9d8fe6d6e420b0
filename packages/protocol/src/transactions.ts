// Ledger action types of spec §3. Cash In moves wallet money onto a machine, Cash Out back.
export const TransactionType = {
  deposit: 1,
  withdraw: 2,
  cashIn: 3,
  cashOut: 4,
  handPay: 5,
  jackpot: 6,
} as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];

export const transactionTypeNames: Record<TransactionType, string> = {
  1: 'Deposit',
  2: 'Withdraw',
  3: 'Cash In',
  4: 'Cash Out',
  5: 'Hand Pay',
  6: 'JACKPOT',
};
