import type { Brand } from '@reelcast/protocol/http';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { useSettings } from '../../../shared/settings';

export const brandsQueryKey = ['machine', 'brands'] as const;

export function getBrands(signal?: AbortSignal): Promise<Brand[]> {
  return apiRequest<Brand[]>('/machine/brands', { signal });
}

export function brandsQueryOptions() {
  return queryOptions({ queryKey: brandsQueryKey, queryFn: ({ signal }) => getBrands(signal) });
}

/** Brands with their machine counts, refreshed every LOBBY_UPDATE seconds like the machines. */
export function useBrands() {
  const seconds = useSettings((settings) => settings.LOBBY_UPDATE);
  return useQuery({ ...brandsQueryOptions(), refetchInterval: seconds * 1000 });
}

/** §3: the jackpot field is one comma-separated string. */
export function splitJackpots(jackpot: string | null | undefined): string[] {
  return (jackpot ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
}
