import type { FloorAnswer, FloorQuery } from '@reelcast/protocol/console-floor';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** How often the floor is read again: every machine "live" without a socket of its own. */
export const FLOOR_POLL_MS = 2_000;

export const getFloor = (query: FloorQuery) =>
  apiRequest<FloorAnswer>(`/staff/floor${queryString(query)}`);

export const floorQueryOptions = (query: FloorQuery) =>
  queryOptions({
    queryKey: ['floor', query],
    queryFn: () => getFloor(query),
    refetchInterval: FLOOR_POLL_MS,
    placeholderData: keepPreviousData,
  });

export const useFloor = (query: FloorQuery) => useQuery(floorQueryOptions(query));
