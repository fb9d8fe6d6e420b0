import type { SeatsReportAnswer } from '@reelcast/protocol/console-reports';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, queryString } from '../../../shared/api/api-client';

export const getSeatsReport = (date: string) =>
  apiRequest<SeatsReportAnswer>(`/staff/reports/seats${queryString({ date })}`);

export const seatsReportQueryOptions = (date: string) =>
  queryOptions({
    queryKey: ['reports', 'seats', date],
    queryFn: () => getSeatsReport(date),
    placeholderData: keepPreviousData,
  });

export const useSeatsReport = (date: string) => useQuery(seatsReportQueryOptions(date));
