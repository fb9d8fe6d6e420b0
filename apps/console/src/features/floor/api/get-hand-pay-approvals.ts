import type { HandPayApproval } from '@reelcast/protocol/console-floor';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';
import { FLOOR_POLL_MS } from './get-floor';

export const getHandPayApprovals = () =>
  apiRequest<{ approvals: HandPayApproval[] }>('/staff/handpay-approvals?status=pending');

export const handPayApprovalsQueryOptions = () =>
  queryOptions({
    queryKey: ['floor', 'approvals'],
    queryFn: getHandPayApprovals,
    refetchInterval: FLOOR_POLL_MS,
  });

export const useHandPayApprovals = () => useQuery(handPayApprovalsQueryOptions());
