// useQuery with TanStack Query's names and behaviour for the options the app uses: a mounted query
// fetches when its data is stale (on mount, on a new key, when enabled), polls with
// refetchInterval while the page is shown, and shows the previous key's data while a new key
// loads (placeholderData: keepPreviousData). Components follow their entry through
// useSyncExternalStore.
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { notifyLater } from './notify-later';
import type {
  FetchStatus,
  Query,
  QueryFunction,
  QueryObserverLike,
  QueryStatus,
  RetryValue,
} from './query';
import type { DataTag, DefaultedOptions, QueryClient } from './query-client';
import { useQueryClient } from './query-client-provider';
import type { QueryKey } from './query-key';

export type UseQueryOptions<
  TQueryFnData = unknown,
  TError = Error,
  // TanStack's place for what `select` makes of the data; without select it is the data.
  _TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
> = {
  queryKey: TQueryKey;
  queryFn?: QueryFunction<TQueryFnData, TQueryKey>;
  /** false: never fetched by itself (refetch() still does), and not refetched by invalidation */
  enabled?: boolean;
  /** how long data stays fresh, in ms (the client's default, else 0) */
  staleTime?: number;
  gcTime?: number;
  retry?: RetryValue<TError>;
  /** ms between fetches while mounted, enabled and the page shown */
  refetchInterval?: number | false;
  /** shown while the key has no data yet; a function gets the previous key's data */
  placeholderData?:
    | NoInfer<TQueryFnData>
    | ((previousData: NoInfer<TQueryFnData> | undefined) => NoInfer<TQueryFnData> | undefined);
};

export type UseQueryResult<TData = unknown, TError = Error> = {
  data: TData | undefined;
  dataUpdatedAt: number;
  error: TError | null;
  errorUpdatedAt: number;
  failureCount: number;
  status: QueryStatus;
  fetchStatus: FetchStatus;
  /** no data yet (placeholder data counts as data) */
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  /** pending and fetching: the first load */
  isLoading: boolean;
  isRefetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => Promise<UseQueryResult<TData, TError>>;
};

/** Types a query's options once, so its key carries its data's type (getQueryData, setQueryData). */
export function queryOptions<
  TQueryFnData = unknown,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryOptions<TQueryFnData, TError, TData, TQueryKey> & {
  queryKey: DataTag<TQueryKey, TQueryFnData>;
} {
  return options as UseQueryOptions<TQueryFnData, TError, TData, TQueryKey> & {
    queryKey: DataTag<TQueryKey, TQueryFnData>;
  };
}

/** placeholderData that keeps the previous key's data on screen while the new key loads. */
export function keepPreviousData<T>(previousData: T | undefined): T | undefined {
  return previousData;
}

type ObserverOptions<TData, TError> = UseQueryOptions<TData, TError> &
  DefaultedOptions<TData, TError>;

function shallowEqual(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return Object.keys(a).every((key) => Object.is(a[key], b[key]));
}

/** One useQuery: which entry it shows with which options, and the fetches that follows from. */
class QueryObserver<TData, TError> implements QueryObserverLike {
  #options!: ObserverOptions<TData, TError>;
  #query!: Query<TData, TError>;
  /** The entry it is subscribed to and whether it was enabled then; undefined until mounted. */
  #mounted: { query: Query<TData, TError>; enabled: boolean } | undefined;
  #notify: (() => void) | undefined;
  #result: UseQueryResult<TData, TError> | undefined;
  /** The data of the last entry it showed that had some: keepPreviousData's previous data. */
  #previousData: TData | undefined;
  #interval: { ms: number; query: Query<TData, TError>; timer: number } | undefined;

  constructor(readonly client: QueryClient) {}

  /** At each render: this render's options and the entry of their key. */
  setOptions(options: UseQueryOptions<TData, TError>): void {
    this.#options = this.client.defaultQueryOptions<TData, TError, typeof options>(options);
    this.#query = this.client.build(this.#options);
    // The entry refetches with the latest queryFn and retry when invalidated.
    this.#query.setOptions(this.#options);
  }

  isEnabled(): boolean {
    return this.#options.enabled !== false;
  }

  isStale(): boolean {
    return this.isEnabled() && this.#query.isStaleByTime(this.#options.staleTime);
  }

  /** Tells the component, a task later (notify-later.ts); not once it has unmounted. */
  #tell = (): void => this.#notify?.();

  onQueryUpdate(): void {
    notifyLater(this.#tell);
  }

  /**
   * Whether it fetches once committed: on mount, on a new key or once enabled, when stale
   * (TanStack's refetchOnMount and its "fetch optionally"). Rendering says so already.
   */
  #willFetch(): boolean {
    const mounted = this.#mounted;
    if (!this.isStale()) return false;
    return !mounted || mounted.query !== this.#query || !mounted.enabled;
  }

  subscribe = (notify: () => void): (() => void) => {
    const fetch = this.#willFetch();
    this.#notify = notify;
    this.#mounted = { query: this.#query, enabled: this.isEnabled() };
    this.#query.addObserver(this);
    if (fetch) this.#fetch();
    this.#updateInterval();
    return () => {
      this.#mounted?.query.removeObserver(this);
      this.#mounted = undefined;
      this.#notify = undefined;
      this.#updateInterval();
    };
  };

  /** After each commit: follows a new key or an enabled flip as subscribing would. */
  sync(): void {
    const mounted = this.#mounted;
    if (!mounted) return;
    this.#updateInterval();
    if (mounted.query === this.#query && mounted.enabled === this.isEnabled()) return;
    const fetch = this.#willFetch();
    if (mounted.query !== this.#query) {
      mounted.query.removeObserver(this);
      this.#query.addObserver(this);
    }
    this.#mounted = { query: this.#query, enabled: this.isEnabled() };
    if (fetch) this.#fetch();
    notifyLater(this.#tell);
  }

  #fetch(cancelRefetch = false): Promise<unknown> {
    return this.#query.fetch(this.#options, cancelRefetch).catch(() => {});
  }

  /** As TanStack's refetch(): starts over a fetch in flight for data on screen; never rejects. */
  refetch = (): Promise<UseQueryResult<TData, TError>> =>
    this.#fetch(true).then(() => this.getResult());

  /** A timer per entry and interval, only while mounted and enabled; no fetch while hidden. */
  #updateInterval(): void {
    const ms = this.#mounted && this.isEnabled() ? this.#options.refetchInterval : false;
    const valid = typeof ms === 'number' && ms > 0 && Number.isFinite(ms);
    const current = this.#interval;
    if (current && valid && current.ms === ms && current.query === this.#query) return;
    if (current) window.clearInterval(current.timer);
    this.#interval = undefined;
    if (!valid) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState !== 'hidden') void this.#fetch();
    }, ms);
    this.#interval = { ms, query: this.#query, timer };
  }

  /** The result for this render; the same object while nothing in it changed. */
  getResult = (): UseQueryResult<TData, TError> => {
    const state = this.#query.state;
    let { data, status, error, fetchStatus } = state;
    if (this.#willFetch()) {
      fetchStatus = 'fetching';
      if (data === undefined) [status, error] = ['pending', null];
    }
    let isPlaceholderData = false;
    const placeholder = this.#options.placeholderData;
    if (data === undefined && status === 'pending' && placeholder !== undefined) {
      type Previous = (previousData: TData | undefined) => TData | undefined;
      data =
        typeof placeholder === 'function'
          ? (placeholder as Previous)(this.#previousData)
          : placeholder;
      if (data !== undefined) [status, isPlaceholderData] = ['success', true];
    }
    if (state.data !== undefined) this.#previousData = state.data;
    const isFetching = fetchStatus === 'fetching';
    const result: UseQueryResult<TData, TError> = {
      ...{ data, error, status, fetchStatus, isFetching, isPlaceholderData },
      dataUpdatedAt: state.dataUpdatedAt,
      errorUpdatedAt: state.errorUpdatedAt,
      failureCount: state.failureCount,
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      isLoading: status === 'pending' && isFetching,
      isRefetching: isFetching && status !== 'pending',
      refetch: this.refetch,
    };
    if (this.#result && shallowEqual(this.#result, result)) return this.#result;
    this.#result = result;
    return result;
  };
}

export function useQuery<
  TQueryFnData = unknown,
  TError = Error,
  TData = TQueryFnData,
  TQueryKey extends QueryKey = QueryKey,
>(
  options: UseQueryOptions<TQueryFnData, TError, TData, TQueryKey>,
): UseQueryResult<TQueryFnData, TError> {
  const client = useQueryClient();
  const observer = useMemo(() => new QueryObserver<TQueryFnData, TError>(client), [client]);
  observer.setOptions(options as unknown as UseQueryOptions<TQueryFnData, TError>);
  const result = useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
  useEffect(() => observer.sync());
  return result;
}
