import type { MachineMetersAnswer } from '@reelcast/protocol/floor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { FLOOR_POLL_MS } from './get-floor';

export const getMachineMeters = (machineId: number) =>
  apiRequest<MachineMetersAnswer>(`/staff/machines/${machineId}/meters`);

export const machineMetersQueryOptions = (machineId: number) =>
  queryOptions({
    queryKey: ['floor', 'meters', machineId],
    queryFn: () => getMachineMeters(machineId),
    refetchInterval: FLOOR_POLL_MS,
  });

export const useMachineMeters = (machineId: number) =>
  useQuery(machineMetersQueryOptions(machineId));
