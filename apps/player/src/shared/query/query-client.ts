// The query cache with TanStack Query's QueryClient names, for the part of it the app uses
// (issue 22, first load: TanStack Query was about 11 kB gzipped of the lobby's first screen):
// entries by structural key, data read and written by the app, invalidation by key prefix, the
// defaults, and refetching stale entries when the window is shown again or the network is back.
import { Query, type QueryEntryOptions, type RetryValue } from './query';
import { hashKey, partialMatchKey, type QueryKey } from './query-key';

declare const dataTagSymbol: unique symbol;
/** A key that carries the type of its data (queryOptions makes them), as TanStack's DataTag. */
export type DataTag<TQueryKey, TData> = TQueryKey & { [dataTagSymbol]: TData };
type InferData<TData, TQueryKey> =
  TQueryKey extends DataTag<unknown, infer TTagged> ? TTagged : TData;

/** Options every query may take, as defaults for all or for the keys under a prefix. */
export type QueryDefaults<TError = Error> = {
  staleTime?: number;
  retry?: RetryValue<TError>;
  gcTime?: number;
};

export type QueryClientConfig = { defaultOptions?: { queries?: QueryDefaults } };

type Updater<TInput, TOutput> = TOutput | ((input: TInput) => TOutput);

/** An entry's options with the defaults filled in, and the hash of its key. */
export type DefaultedOptions<TData, TError> = QueryEntryOptions<TData, TError> &
  QueryDefaults<TError> & { queryKey: QueryKey; queryHash: string };

export class QueryClient {
  #queries = new Map<string, Query<unknown, unknown>>();
  #defaults: QueryDefaults;
  #keyDefaults = new Map<string, { queryKey: QueryKey; options: QueryDefaults }>();
  #mountCount = 0;
  #unmount: (() => void) | undefined;

  constructor(config: QueryClientConfig = {}) {
    this.#defaults = config.defaultOptions?.queries ?? {};
  }

  /**
   * Listens to the window while a QueryClientProvider holds it: shown again (visibilitychange,
   * as TanStack v5) or back online, every entry a mounted useQuery finds stale is fetched.
   */
  mount(): void {
    this.#mountCount += 1;
    if (this.#mountCount > 1 || typeof window === 'undefined') return;
    const onVisible = () => {
      if (document.visibilityState !== 'hidden') this.#refetchStale();
    };
    const onOnline = () => this.#refetchStale();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', onOnline);
    this.#unmount = () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', onOnline);
    };
  }

  unmount(): void {
    this.#mountCount -= 1;
    if (this.#mountCount > 0) return;
    this.#unmount?.();
    this.#unmount = undefined;
  }

  #refetchStale(): void {
    for (const query of this.#queries.values()) query.refetchIfStale();
  }

  /** The client's defaults, then those of every prefix of the key (setQueryDefaults), then its own. */
  defaultQueryOptions<TData, TError, TOptions extends { queryKey: QueryKey }>(
    options: TOptions,
  ): TOptions & DefaultedOptions<TData, TError> {
    let merged = { ...this.#defaults } as QueryDefaults<TError>;
    for (const { queryKey, options: forKey } of this.#keyDefaults.values()) {
      if (partialMatchKey(options.queryKey, queryKey))
        merged = { ...merged, ...(forKey as object) };
    }
    return { ...merged, ...options, queryHash: hashKey(options.queryKey) };
  }

  /** The key's entry, made (with its defaults) if there is none. */
  build<TData, TError>(options: DefaultedOptions<TData, TError>): Query<TData, TError> {
    const found = this.#queries.get(options.queryHash);
    if (found) return found as Query<TData, TError>;
    const remove = (query: Query<TData, TError>) => {
      if (this.#queries.get(query.queryHash) === query) this.#queries.delete(query.queryHash);
    };
    const query = new Query(options.queryKey, options.queryHash, options, remove);
    this.#queries.set(options.queryHash, query as Query<unknown, unknown>);
    return query;
  }

  getQueryData<TData = unknown, TQueryKey extends QueryKey = QueryKey>(
    queryKey: TQueryKey,
  ): InferData<TData, TQueryKey> | undefined {
    return this.#queries.get(hashKey(queryKey))?.state.data as InferData<TData, TQueryKey>;
  }

  /**
   * Writes the key's data, or what the updater makes of the current data; an updater answering
   * undefined changes nothing. Observers are told at once.
   */
  setQueryData<
    TData = unknown,
    TQueryKey extends QueryKey = QueryKey,
    TInferred = InferData<TData, TQueryKey>,
  >(
    queryKey: TQueryKey,
    updater: Updater<NoInfer<TInferred> | undefined, NoInfer<TInferred> | undefined>,
  ): NoInfer<TInferred> | undefined {
    const previous = this.getQueryData<TInferred>(queryKey);
    const data =
      typeof updater === 'function'
        ? (updater as (input: TInferred | undefined) => TInferred | undefined)(previous)
        : updater;
    if (data === undefined) return undefined;
    const query = this.build<TInferred, unknown>(this.defaultQueryOptions({ queryKey }));
    query.setData(data);
    return query.state.data;
  }

  /** Defaults for every key under `queryKey` (as TanStack: the latest call for a key wins). */
  setQueryDefaults(queryKey: QueryKey, options: QueryDefaults): void {
    this.#keyDefaults.set(hashKey(queryKey), { queryKey, options });
  }

  /**
   * Marks every entry under the key stale and refetches those a mounted, enabled useQuery shows
   * (a fetch already in flight for data on screen starts over). Resolves once they have landed;
   * never rejects.
   */
  invalidateQueries({ queryKey = [] }: { queryKey?: QueryKey } = {}): Promise<void> {
    const matched = [...this.#queries.values()].filter((query) =>
      partialMatchKey(query.queryKey, queryKey),
    );
    for (const query of matched) query.invalidate();
    const refetches = matched
      .filter((query) => query.isActive())
      .map((query) => query.fetch(undefined, true).catch(() => {}));
    return Promise.all(refetches).then(() => {});
  }

  /** Drops every entry (sign-out): fetches in flight are aborted and land nowhere. */
  clear(): void {
    const queries = [...this.#queries.values()];
    this.#queries.clear();
    for (const query of queries) query.destroy();
  }
}
