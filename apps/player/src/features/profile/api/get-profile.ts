import type { ProfileAnswer } from '@reelcast/protocol/account';
import { apiRequest } from '../../../shared/api/api-client';
import { queryOptions, useQuery } from '../../../shared/query/use-query';

export const profileQueryKey = ['player', 'profile'] as const;

export function getProfile(signal?: AbortSignal): Promise<ProfileAnswer> {
  return apiRequest<ProfileAnswer>('/player/profile', { signal });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: ({ signal }) => getProfile(signal) });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
