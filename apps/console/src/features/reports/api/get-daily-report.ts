import type { DailyReportAnswer } from '@reelcast/protocol/console-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export type ReportRange = { from: string; to: string; machineId?: string };

export const getDailyReport = (range: ReportRange) =>
  apiRequest<DailyReportAnswer>(`/staff/reports/daily${queryString(range)}`);

export const dailyReportQueryOptions = (range: ReportRange) =>
  queryOptions({
    queryKey: ['reports', 'daily', range],
    queryFn: () => getDailyReport(range),
    placeholderData: keepPreviousData,
  });

export const useDailyReport = (range: ReportRange) => useQuery(dailyReportQueryOptions(range));
