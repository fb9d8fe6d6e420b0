// One entry of the query cache, as TanStack Query's Query keeps it: the data, the error, one fetch
// in flight shared by everyone who asks, retries, and collection once nobody has used it for a
// while. What to fetch when (mount, focus, interval) is the observers' business (use-query.ts).
import { type QueryKey, replaceEqualDeep } from './query-key';

export type QueryStatus = 'pending' | 'error' | 'success';
export type FetchStatus = 'fetching' | 'idle';

export type QueryState<TData = unknown, TError = Error> = {
  data: TData | undefined;
  dataUpdatedAt: number;
  error: TError | null;
  errorUpdatedAt: number;
  /** 'pending' until the first data or error; 'error' keeps the last data beside the error */
  status: QueryStatus;
  fetchStatus: FetchStatus;
  /** marked by invalidateQueries or a failed fetch: stale whatever the staleTime */
  isInvalidated: boolean;
  /** failed attempts of the fetch in flight, or of the last one if it failed */
  failureCount: number;
};

export type QueryFunctionContext<TQueryKey extends QueryKey = QueryKey> = {
  queryKey: TQueryKey;
  signal: AbortSignal;
};

export type QueryFunction<TData = unknown, TQueryKey extends QueryKey = QueryKey> = (
  context: QueryFunctionContext<TQueryKey>,
) => TData | Promise<TData>;

/** false: never; a number: that many retries; a function: asked after each failure so far. */
export type RetryValue<TError> =
  | boolean
  | number
  | ((failureCount: number, error: TError) => boolean);

/** What an entry itself needs to fetch and to be collected. */
export type QueryEntryOptions<TData = unknown, TError = Error> = {
  queryFn?: QueryFunction<TData, never>;
  retry?: RetryValue<TError>;
  gcTime?: number;
};

/** A mounted useQuery, as an entry sees it. */
export type QueryObserverLike = {
  /** whether it lets the entry fetch (enabled) */
  isEnabled(): boolean;
  /** whether it finds the entry stale by its own staleTime */
  isStale(): boolean;
  onQueryUpdate(): void;
};

/** TanStack's defaults: 5 minutes unused before an entry goes, 3 retries. */
const defaultGcTime = 5 * 60 * 1000;
const defaultRetry = 3;

/** 1, 2, 4 … seconds between attempts, at most 30 (TanStack's default retryDelay). */
export const retryDelay = (failureCount: number) => Math.min(1000 * 2 ** failureCount, 30_000);

export class CancelledError extends Error {
  constructor() {
    super('The query was cancelled');
  }
}

export function shouldRetry<TError>(retry: RetryValue<TError>, failures: number, error: TError) {
  if (typeof retry === 'function') return retry(failures, error);
  return retry === true || (typeof retry === 'number' && failures < retry);
}

type Deferred<T> = {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (e: unknown) => void;
};

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A caller that does not wait for the fetch must not make an unhandled rejection of it.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

/** One attempt chain; a newer fetch replaces it, and what it answers after that is dropped. */
type Run = { controller: AbortController };

export class Query<TData = unknown, TError = Error> {
  state: QueryState<TData, TError> = {
    data: undefined,
    dataUpdatedAt: 0,
    error: null,
    errorUpdatedAt: 0,
    status: 'pending',
    fetchStatus: 'idle',
    isInvalidated: false,
    failureCount: 0,
  };
  readonly observers = new Set<QueryObserverLike>();
  options: QueryEntryOptions<TData, TError> = {};
  #gcTime = defaultGcTime;
  #gcTimer: ReturnType<typeof setTimeout> | undefined;
  #run: Run | undefined;
  /** What every caller of the fetch in flight waits for, whichever run ends it. */
  #settled: Deferred<TData> | undefined;

  constructor(
    readonly queryKey: QueryKey,
    readonly queryHash: string,
    options: QueryEntryOptions<TData, TError>,
    /** takes the entry out of its cache */
    private readonly remove: (query: Query<TData, TError>) => void,
  ) {
    this.setOptions(options);
    this.#scheduleGc();
  }

  /** The latest queryFn and retry win; the longest gcTime asked for stays (as TanStack's). */
  setOptions(options: QueryEntryOptions<TData, TError>): void {
    this.options = {
      ...this.options,
      ...options,
      queryFn: options.queryFn ?? this.options.queryFn,
    };
    this.#gcTime = Math.max(this.#gcTime, options.gcTime ?? defaultGcTime);
  }

  #setState(change: Partial<QueryState<TData, TError>>): void {
    this.state = { ...this.state, ...change };
    for (const observer of [...this.observers]) observer.onQueryUpdate();
  }

  /** Data written by the app (setQueryData): fresh from now; a fetch in flight still lands. */
  setData(data: TData): void {
    this.#setState(this.#successState(data));
  }

  #successState(data: TData): Partial<QueryState<TData, TError>> {
    return {
      data: replaceEqualDeep(this.state.data, data),
      dataUpdatedAt: Date.now(),
      error: null,
      status: 'success',
      isInvalidated: false,
    };
  }

  invalidate(): void {
    if (!this.state.isInvalidated) this.#setState({ isInvalidated: true });
  }

  isStaleByTime(staleTime = 0): boolean {
    if (this.state.data === undefined || this.state.isInvalidated) return true;
    return Date.now() >= this.state.dataUpdatedAt + staleTime;
  }

  /** Some mounted useQuery lets it fetch: invalidateQueries refetches only these. */
  isActive(): boolean {
    return [...this.observers].some((observer) => observer.isEnabled());
  }

  /**
   * Fetches, or joins the fetch in flight. `cancelRefetch` (a refetch the app asked for, or an
   * invalidation) starts over instead when there is data already: the answer on its way may
   * predate the change that made the app ask.
   */
  fetch(options?: QueryEntryOptions<TData, TError>, cancelRefetch = false): Promise<TData> {
    if (options) this.setOptions(options);
    const inFlight = this.state.fetchStatus === 'fetching' && this.#settled;
    if (inFlight && !(cancelRefetch && this.state.data !== undefined)) return inFlight.promise;
    this.#run?.controller.abort();
    const settled = this.#settled ?? deferred<TData>();
    this.#settled = settled;
    const run: Run = { controller: new AbortController() };
    this.#run = run;
    this.#setState({
      fetchStatus: 'fetching',
      failureCount: 0,
      // Loading anew after an error without data: pending again, as TanStack shows it.
      ...(this.state.data === undefined && { error: null, status: 'pending' as const }),
    });
    void this.#attempt(run, settled);
    return settled.promise;
  }

  async #attempt(run: Run, settled: Deferred<TData>): Promise<void> {
    for (let failures = 0; ; failures++) {
      try {
        const queryFn = this.options.queryFn;
        if (!queryFn) throw new Error(`No queryFn for ${this.queryHash}`);
        const data = await queryFn({
          queryKey: this.queryKey as never,
          signal: run.controller.signal,
        });
        if (this.#run !== run) return;
        this.#end({ ...this.#successState(data), failureCount: 0 });
        settled.resolve(this.state.data as TData);
        return;
      } catch (error) {
        if (this.#run !== run) return;
        const retry = this.options.retry ?? defaultRetry;
        if (!shouldRetry(retry, failures, error as TError)) {
          this.#end({
            error: error as TError,
            errorUpdatedAt: Date.now(),
            status: 'error',
            // The data stays; it is stale now, so the next mount or focus asks again.
            isInvalidated: true,
            failureCount: failures + 1,
          });
          settled.reject(error);
          return;
        }
        this.#setState({ failureCount: failures + 1 });
        await new Promise((resolve) => setTimeout(resolve, retryDelay(failures)));
        if (this.#run !== run) return;
      }
    }
  }

  #end(change: Partial<QueryState<TData, TError>>): void {
    this.#run = undefined;
    this.#settled = undefined;
    this.#setState({ ...change, fetchStatus: 'idle' });
    this.#scheduleGc();
  }

  /** Focus or the network back: a fetch if some observer finds the data stale. */
  refetchIfStale(): void {
    if ([...this.observers].some((observer) => observer.isStale())) this.fetch().catch(() => {});
  }

  addObserver(observer: QueryObserverLike): void {
    this.observers.add(observer);
    clearTimeout(this.#gcTimer);
  }

  /** The last observer gone, a fetch in flight still lands (it may be wanted again soon). */
  removeObserver(observer: QueryObserverLike): void {
    this.observers.delete(observer);
    this.#scheduleGc();
  }

  #scheduleGc(): void {
    clearTimeout(this.#gcTimer);
    if (this.observers.size > 0 || !Number.isFinite(this.#gcTime)) return;
    this.#gcTimer = setTimeout(() => {
      if (this.observers.size === 0 && this.state.fetchStatus === 'idle') this.remove(this);
    }, this.#gcTime);
  }

  /** Out of the cache (clear()): no timer left, the fetch in flight aborted and never landing. */
  destroy(): void {
    clearTimeout(this.#gcTimer);
    this.#run?.controller.abort();
    this.#run = undefined;
    this.#settled?.reject(new CancelledError());
    this.#settled = undefined;
  }
}
