// The wallet balance. It lives in shared because the header shows it and the game screen both
// reads it (to disable coins it cannot pay) and writes it (the machine socket pushes changes).
import type { BalanceAnswer } from '@reelcast/protocol/http';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
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
