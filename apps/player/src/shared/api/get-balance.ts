// The wallet balance. It lives in shared because the header shows it and the game screen both
// reads it (to disable coins it cannot pay) and writes it (a transfer answers the new balance).
import type { BalanceAnswer } from '@reelcast/protocol/http';
import { useAuthStore } from '../auth/auth-store';
import type { QueryClient } from '../query/query-client';
import { queryOptions, useQuery } from '../query/use-query';
import { apiRequest } from './api-client';

export const balanceQueryKey = ['player', 'balance'] as const;

export function getBalance(signal?: AbortSignal): Promise<BalanceAnswer> {
  return apiRequest<BalanceAnswer>('/player/balance', { signal });
}

export function balanceQueryOptions() {
  return queryOptions({ queryKey: balanceQueryKey, queryFn: ({ signal }) => getBalance(signal) });
}

/** The balance in hundredths, or undefined until it is known. */
export function useBalance() {
  const signedIn = useAuthStore((state) => state.token !== null);
  return useQuery({ ...balanceQueryOptions(), enabled: signedIn });
}

export function setBalanceCents(queryClient: QueryClient, balanceCents: number): void {
  queryClient.setQueryData<BalanceAnswer>(balanceQueryKey, { balance: balanceCents });
}

/**
 * The ledger entry behind the balance last applied. Kept in the query cache beside the balance,
 * so it ends with the cache at sign-out, and never collected meanwhile: forgetting it would let
 * a late, older balance through.
 */
const appliedSeqQueryKey = ['player', 'balance-seq'] as const;

/** A balance with the ledger entry behind it (`seq`: entries of a player in commit order). */
export type SequencedBalance = { balance: number; seq: number };

function isSequencedBalance(value: unknown): value is SequencedBalance {
  const v = value as SequencedBalance | null;
  return typeof v?.balance === 'number' && typeof v.seq === 'number';
}

/**
 * The one way a balance the server pushes or answers reaches the screen (/notice pushes, its
 * init answer, the transfer's acknowledgement): applied only if its entry is newer than the last
 * one applied, so a late, older balance never overwrites a newer one. Answers whether it was.
 */
export function applyBalance(queryClient: QueryClient, payload: unknown): boolean {
  if (!isSequencedBalance(payload)) return false;
  const applied = queryClient.getQueryData<number>(appliedSeqQueryKey);
  if (applied !== undefined && payload.seq <= applied) return false;
  queryClient.setQueryDefaults(appliedSeqQueryKey, { gcTime: Number.POSITIVE_INFINITY });
  queryClient.setQueryData(appliedSeqQueryKey, payload.seq);
  setBalanceCents(queryClient, payload.balance);
  return true;
}
