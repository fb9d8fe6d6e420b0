import { apiRequest, queryString } from '../../../shared/api/api-client';
import type { ReportRange } from './get-daily-report';

/** The same reconciliation as CSV, as the server writes it (for a spreadsheet or the regulator). */
export const getDailyReportCsv = (range: ReportRange) =>
  apiRequest<string>(`/staff/reports/daily.csv${queryString(range)}`, { as: 'text' });
