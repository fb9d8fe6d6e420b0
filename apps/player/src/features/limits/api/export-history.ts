// The account history as CSV (transactions and slot sessions) for whole days, 12 months at most.
import { historyExportQuery } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { useMutation } from '../../../shared/query/use-mutation';

export const exportHistoryInput = historyExportQuery;

export type ExportRange = { from: string; to: string };

export function exportHistory({ from, to }: ExportRange): Promise<string> {
  const query = new URLSearchParams({ from, to });
  return apiRequest<string>(`/player/account-history.csv?${query}`, { as: 'text' });
}

/** Hands the CSV to the browser as a download named after the range. */
function download(csv: string, { from, to }: ExportRange): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `account-history-${from}-${to}.csv`;
  link.click();
  URL.revokeObjectURL(url);
}

export function useExportHistory() {
  return useMutation({
    mutationFn: exportHistory,
    onSuccess: (csv, range) => download(csv, range),
  });
}
