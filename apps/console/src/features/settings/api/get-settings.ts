import type { ConsoleSettingsAnswer } from '@reelcast/protocol/console-settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/** Every §9 setting: the value in force, its default and where it comes from. */
export const getSettings = () => apiRequest<ConsoleSettingsAnswer>('/staff/settings');

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQueryOptions());
