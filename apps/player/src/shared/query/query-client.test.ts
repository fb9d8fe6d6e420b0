import { afterEach, describe, expect, it, vi } from 'vitest';
import type { QueryFunction } from './query';
import { QueryClient } from './query-client';
import { hashKey, partialMatchKey, replaceEqualDeep } from './query-key';

/** A fetcher whose answers the test gives, one call at a time. */
function controlledFetcher<T>() {
  const calls: {
    resolve: (value: T) => void;
    reject: (e: unknown) => void;
    signal: AbortSignal;
  }[] = [];
  const queryFn = vi.fn(
    ({ signal }: { signal: AbortSignal }) =>
      new Promise<T>((resolve, reject) => calls.push({ resolve, reject, signal })),
  );
  return { queryFn, calls };
}

function entry(client: QueryClient, queryKey: readonly unknown[], queryFn?: QueryFunction) {
  return client.build(client.defaultQueryOptions({ queryKey, queryFn }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('query keys', () => {
  it('are one key whatever the order of an object’s properties', () => {
    expect(hashKey(['player', { page: 1, types: [2] }])).toBe(
      hashKey(['player', { types: [2], page: 1 }]),
    );
    expect(hashKey(['player', 1])).not.toBe(hashKey(['player', '1']));
  });

  it('match by prefix, an object in the prefix by the properties it names', () => {
    expect(partialMatchKey(['player', 'logs', 2, 20], ['player'])).toBe(true);
    expect(partialMatchKey(['player', 'logs'], ['player', 'logs', 2])).toBe(false);
    expect(partialMatchKey(['slot-sessions', 'open'], ['player'])).toBe(false);
    expect(partialMatchKey(['t', { page: 2, types: [1] }], ['t', { page: 2 }])).toBe(true);
    expect(partialMatchKey(['t', { page: 2 }], ['t', { page: 3 }])).toBe(false);
  });

  it('keep the parts of new data equal to the old by reference, the whole if nothing changed', () => {
    const before = [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ];
    const same = replaceEqualDeep(before, [
      { id: 1, name: 'a' },
      { id: 2, name: 'b' },
    ]);
    expect(same).toBe(before);
    const changed = replaceEqualDeep(before, [
      { id: 1, name: 'a' },
      { id: 2, name: 'c' },
    ]);
    expect(changed).not.toBe(before);
    expect(changed[0]).toBe(before[0]);
    expect(changed[1]).toEqual({ id: 2, name: 'c' });
    expect(replaceEqualDeep({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
  });
});

describe('QueryClient', () => {
  it('writes data, or what an updater makes of it; an updater answering undefined writes nothing', () => {
    const client = new QueryClient();
    client.setQueryData<number[]>(['list'], (list) => list?.map((n) => n + 1));
    expect(client.getQueryData(['list'])).toBeUndefined();
    client.setQueryData(['list'], [1, 2]);
    client.setQueryData<number[]>(['list'], (list) => list?.map((n) => n + 1));
    expect(client.getQueryData(['list'])).toEqual([2, 3]);
    expect(client.getQueryData(['list', 'other'])).toBeUndefined();
    // Equal data written again keeps the same reference: nothing showing it re-renders.
    const before = client.getQueryData(['list']);
    client.setQueryData(['list'], [2, 3]);
    expect(client.getQueryData(['list'])).toBe(before);
  });

  it('shares one fetch in flight among every caller of a key', async () => {
    const client = new QueryClient();
    const { queryFn, calls } = controlledFetcher<string>();
    const query = entry(client, ['machine', 1], queryFn);
    const first = query.fetch();
    const second = entry(client, ['machine', 1]).fetch();
    expect(queryFn).toHaveBeenCalledTimes(1);
    calls[0]!.resolve('answer');
    await expect(Promise.all([first, second])).resolves.toEqual(['answer', 'answer']);
    expect(query.state).toMatchObject({ status: 'success', fetchStatus: 'idle', data: 'answer' });
  });

  it('starts over a fetch in flight for data it has when asked to (an invalidation)', async () => {
    const client = new QueryClient();
    const { queryFn, calls } = controlledFetcher<string>();
    const query = entry(client, ['balance'], queryFn);
    client.setQueryData(['balance'], 'old');
    const first = query.fetch();
    const second = query.fetch(undefined, true);
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('stale answer');
    calls[1]!.resolve('new answer');
    // Whoever waited for the first fetch gets the answer that landed.
    await expect(first).resolves.toBe('new answer');
    await expect(second).resolves.toBe('new answer');
    expect(client.getQueryData(['balance'])).toBe('new answer');
  });

  it('marks every entry under a prefix stale and refetches none that nothing shows', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const queryFn = vi.fn(async () => 'fetched');
    const logs = entry(client, ['player', 'logs', 1], queryFn);
    const profile = entry(client, ['player', 'profile'], queryFn);
    const open = entry(client, ['slot-sessions', 'open'], queryFn);
    for (const query of [logs, profile, open]) query.setData('seeded');
    expect(logs.isStaleByTime(60_000)).toBe(false);
    await client.invalidateQueries({ queryKey: ['player'] });
    expect(queryFn).not.toHaveBeenCalled();
    expect(logs.state.isInvalidated && profile.state.isInvalidated).toBe(true);
    expect(open.state.isInvalidated).toBe(false);
    expect(logs.isStaleByTime(60_000)).toBe(true);
  });

  it('retries as the retry option says, a second apart and more, and keeps the data on error', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { retry: 2 } } });
    const queryFn = vi.fn(async () => {
      throw new Error('down');
    });
    const query = entry(client, ['k'], queryFn);
    query.setData('kept');
    const fetched = query.fetch();
    await vi.advanceTimersByTimeAsync(0);
    expect(queryFn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(query.state.failureCount).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    expect(queryFn).toHaveBeenCalledTimes(3);
    await expect(fetched).rejects.toThrow('down');
    expect(query.state).toMatchObject({ status: 'error', data: 'kept', fetchStatus: 'idle' });
    expect(query.state.error).toBeInstanceOf(Error);
    // Stale whatever the staleTime: the next mount or focus asks again.
    expect(query.isStaleByTime(Number.POSITIVE_INFINITY)).toBe(true);
  });

  it('drops every entry on clear(), and a fetch in flight lands nowhere', async () => {
    const client = new QueryClient();
    const { queryFn, calls } = controlledFetcher<string>();
    client.setQueryData(['player', 'balance'], { balance: 5 });
    const fetched = entry(client, ['player', 'profile'], queryFn).fetch();
    client.clear();
    expect(calls[0]!.signal.aborted).toBe(true);
    calls[0]!.resolve('another player’s profile');
    await expect(fetched).rejects.toThrow('cancelled');
    expect(client.getQueryData(['player', 'balance'])).toBeUndefined();
    expect(client.getQueryData(['player', 'profile'])).toBeUndefined();
  });

  it('collects an unused entry after gcTime (5 minutes by default), unless its key says never', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    client.setQueryDefaults(['kept'], { gcTime: Number.POSITIVE_INFINITY });
    client.setQueryData(['kept', 'seq'], 3);
    client.setQueryData(['gone'], 1);
    vi.advanceTimersByTime(5 * 60 * 1000 - 1);
    expect(client.getQueryData(['gone'])).toBe(1);
    vi.advanceTimersByTime(1);
    expect(client.getQueryData(['gone'])).toBeUndefined();
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(client.getQueryData(['kept', 'seq'])).toBe(3);
  });
});
