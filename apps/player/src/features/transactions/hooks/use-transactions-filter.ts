// The transactions filter lives in the address (?type=3,4&from=2026-11-01&to=2026-11-22&page=2), so
// a filtered list can be reloaded, shared and gone back to. Values that make no sense are dropped.
import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../../shared/router';

export type TransactionsFilter = {
  /** §3 action types 1–6; empty means all */
  types: number[];
  /** YYYY-MM-DD, inclusive */
  from: string | null;
  to: string | null;
  page: number;
};

const datePattern = /^\d{4}-\d{2}-\d{2}$/;

function validDate(value: string | null): string | null {
  if (!value || !datePattern.test(value)) return null;
  return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? null : value;
}

export function parseTransactionsFilter(params: URLSearchParams): TransactionsFilter {
  const types = [
    ...new Set(
      (params.get('type') ?? '')
        .split(',')
        .map(Number)
        .filter((t) => Number.isInteger(t) && t >= 1 && t <= 6),
    ),
  ].sort();
  let from = validDate(params.get('from'));
  let to = validDate(params.get('to'));
  // A range given backwards is meant the other way round.
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get('page'));
  return { types, from, to, page: Number.isInteger(page) && page >= 1 ? page : 1 };
}

export function filterToParams(filter: TransactionsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.types.length > 0) params.set('type', filter.types.join(','));
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.page > 1) params.set('page', String(filter.page));
  return params;
}

export function useTransactionsFilter() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => parseTransactionsFilter(params), [params]);
  /** A new filter starts at page 1; a page change keeps the filter. */
  const update = useCallback(
    (change: Partial<TransactionsFilter>) => {
      const next = { ...filter, page: 1, ...change };
      setParams(filterToParams(next), { replace: change.page === undefined });
    },
    [filter, setParams],
  );
  return { filter, update };
}
