import type { Brand } from '@reelcast/protocol/http';
import { apiRequest } from '../../../shared/api/api-client';
import type { QueryClient } from '../../../shared/query/query-client';
import { queryOptions } from '../../../shared/query/use-query';
import { useLobbyQuery } from './lobby-query';

export const brandsQueryKey = ['machine', 'brands'] as const;

export function getBrands(signal?: AbortSignal): Promise<Brand[]> {
  return apiRequest<Brand[]>('/machine/brands', { signal });
}

export function brandsQueryOptions() {
  return queryOptions({ queryKey: brandsQueryKey, queryFn: ({ signal }) => getBrands(signal) });
}

/** Brands with their machine counts and jackpots, refreshed as ./lobby-query.ts says. */
export function useBrands() {
  return useLobbyQuery(brandsQueryOptions());
}

/** §3: the jackpot field is one comma-separated string; its values are hundredths. */
export function splitJackpots(jackpot: string | null | undefined): number[] {
  return (jackpot ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '' && Number.isFinite(Number(value)))
    .map(Number);
}

/** Writes a pushed jackpot string into the cached brand. */
export function applyJackpot(queryClient: QueryClient, brandId: number, jackpot: string): void {
  queryClient.setQueryData<Brand[]>(brandsQueryKey, (brands) =>
    brands?.map((brand) => (brand.id === brandId ? { ...brand, jackpot } : brand)),
  );
}
