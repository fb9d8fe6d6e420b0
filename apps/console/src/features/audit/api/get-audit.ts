import type { AuditAnswer } from '@reelcast/protocol/console-audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

/** The filters as the address holds them: a username, an action, an outcome, days. */
export type AuditFilters = {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  outcome?: string;
  from?: string;
  to?: string;
};

export const getAudit = (filters: AuditFilters, page: number) =>
  apiRequest<AuditAnswer>(`/staff/audit${queryString({ ...filters, page, pageSize: 50 })}`);

export const auditQueryOptions = (filters: AuditFilters, page: number) =>
  queryOptions({
    queryKey: ['audit', filters, page],
    queryFn: () => getAudit(filters, page),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export const useAudit = (filters: AuditFilters, page: number) =>
  useQuery(auditQueryOptions(filters, page));
