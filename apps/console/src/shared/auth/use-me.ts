// GET /staff/me: the signed-in staff member and their role, as the server reads them from the
// database. The console offers only what this role may do (protocol console.ts); the server still
// decides every call.
import { type ConsoleRouteName, mayCall } from '@reelcast/protocol/console';
import type { StaffMeAnswer } from '@reelcast/protocol/console-staff';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api/api-client';
import { useAuthStore } from './auth-store';

export const getMe = (token?: string) =>
  apiRequest<StaffMeAnswer>('/staff/me', token ? { token } : {});

export const meQueryOptions = (token: string | null) =>
  queryOptions({
    queryKey: ['me', token],
    queryFn: () => getMe(),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });

export function useMe() {
  const token = useAuthStore((s) => s.token);
  return useQuery(meQueryOptions(token));
}

/** Whether the signed-in role may call a console route: what to offer, not what is allowed. */
export function useMay(): (route: ConsoleRouteName) => boolean {
  const { data } = useMe();
  return (route) => (data ? mayCall(route, data.role) : false);
}
