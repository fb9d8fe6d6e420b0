import { apiRequest, queryString } from '../../../shared/api/api-client';
import type { AuditFilters } from './get-audit';

/** The whole filtered log as CSV. */
export const getAuditCsv = (filters: AuditFilters) =>
  apiRequest<string>(`/staff/audit.csv${queryString(filters)}`, { as: 'text' });
