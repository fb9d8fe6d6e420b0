import type { StaffAccount } from '@reelcast/protocol/console-staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

export const getStaffAccounts = () => apiRequest<{ accounts: StaffAccount[] }>('/staff/accounts');

export const staffAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['staff-accounts'], queryFn: getStaffAccounts });

export const useStaffAccounts = () => useQuery(staffAccountsQueryOptions());
