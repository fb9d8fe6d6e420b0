import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-client';
import { queryClient as appQueryClient } from '../api/query-client';
import { QueryClient } from './query-client';
import { QueryClientProvider } from './query-client-provider';
import { keepPreviousData, type UseQueryOptions, useQuery } from './use-query';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  appQueryClient.clear();
});

function wrapperOf(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function renderQuery<T>(client: QueryClient, options: UseQueryOptions<T>) {
  return renderHook((props: UseQueryOptions<T>) => useQuery(props), {
    wrapper: wrapperOf(client),
    initialProps: options,
  });
}

/** Answers 'answer N' for the Nth call, at once. */
function countingFetcher() {
  let count = 0;
  return vi.fn(async () => `answer ${++count}`);
}

describe('useQuery', () => {
  it('shares one fetch among every component that shows the key, and shows its answer', async () => {
    const client = new QueryClient();
    let resolve: (value: string) => void = () => {};
    const queryFn = vi.fn(() => new Promise<string>((r) => (resolve = r)));
    function Shows({ name }: { name: string }) {
      const { data, isLoading } = useQuery({ queryKey: ['brands'], queryFn });
      return <p>{`${name}: ${isLoading ? 'loading' : data}`}</p>;
    }
    render(
      <QueryClientProvider client={client}>
        <Shows name="header" />
        <Shows name="list" />
      </QueryClientProvider>,
    );
    expect(screen.getByText('header: loading')).toBeTruthy();
    act(() => resolve('6 brands'));
    expect(await screen.findByText('list: 6 brands')).toBeTruthy();
    expect(screen.getByText('header: 6 brands')).toBeTruthy();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('fetches on mount data older than its staleTime, not fresher data', async () => {
    const client = new QueryClient();
    client.setQueryData(['profile'], 'seeded');
    const queryFn = countingFetcher();
    const fresh = renderQuery(client, { queryKey: ['profile'], queryFn, staleTime: 60_000 });
    expect(fresh.result.current).toMatchObject({ data: 'seeded', isFetching: false });
    fresh.unmount();
    expect(queryFn).not.toHaveBeenCalled();

    // staleTime 0 (the default): the seeded data shows while it is asked for again.
    const stale = renderQuery(client, { queryKey: ['profile'], queryFn });
    expect(stale.result.current).toMatchObject({ data: 'seeded', isFetching: true });
    await waitFor(() => expect(stale.result.current.data).toBe('answer 1'));
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('refetches on invalidation what a mounted, enabled query shows, not a disabled one', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const shown = countingFetcher();
    const disabled = countingFetcher();
    const one = renderQuery(client, { queryKey: ['machine', 'all'], queryFn: shown });
    renderQuery(client, { queryKey: ['machine', 'brands'], queryFn: disabled, enabled: false });
    await waitFor(() => expect(one.result.current.data).toBe('answer 1'));
    await act(() => client.invalidateQueries({ queryKey: ['machine'] }));
    await waitFor(() => expect(one.result.current.data).toBe('answer 2'));
    expect(disabled).not.toHaveBeenCalled();
  });

  it('keeps the previous key’s data on screen while a new key loads (keepPreviousData)', async () => {
    const client = new QueryClient();
    const resolvers: ((value: string) => void)[] = [];
    const queryFn = vi.fn(() => new Promise<string>((r) => resolvers.push(r)));
    const options = (page: number) => ({
      queryKey: ['logs', page],
      queryFn,
      placeholderData: keepPreviousData<string>,
    });
    const view = renderQuery(client, options(1));
    expect(view.result.current).toMatchObject({ data: undefined, isPending: true });
    act(() => resolvers[0]!('page 1'));
    await waitFor(() => expect(view.result.current.data).toBe('page 1'));

    view.rerender(options(2));
    expect(view.result.current).toMatchObject({
      data: 'page 1',
      isPlaceholderData: true,
      isPending: false,
      isFetching: true,
    });
    act(() => resolvers[1]!('page 2'));
    await waitFor(() => expect(view.result.current.data).toBe('page 2'));
    expect(view.result.current.isPlaceholderData).toBe(false);
  });

  it('does not fetch while enabled is false, and fetches once it turns true', async () => {
    const client = new QueryClient();
    const queryFn = countingFetcher();
    const view = renderQuery(client, { queryKey: ['balance'], queryFn, enabled: false });
    expect(view.result.current).toMatchObject({ isPending: true, isLoading: false });
    await act(() => Promise.resolve());
    expect(queryFn).not.toHaveBeenCalled();
    view.rerender({ queryKey: ['balance'], queryFn, enabled: true });
    await waitFor(() => expect(view.result.current.data).toBe('answer 1'));
  });

  it('keeps the data beside the error when a refetch fails', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['limits'], 'seeded');
    const queryFn = vi.fn(async () => {
      throw new Error('down');
    });
    const view = renderQuery(client, { queryKey: ['limits'], queryFn });
    await waitFor(() => expect(view.result.current.isError).toBe(true));
    expect(view.result.current).toMatchObject({ data: 'seeded', status: 'error' });
    expect(view.result.current.error?.message).toBe('down');
  });

  it('retries network trouble and 5xx twice with the app’s client, a 4xx never', async () => {
    vi.useFakeTimers();
    const refused = vi.fn(async () => {
      throw new ApiError(404, 40400, 'not found');
    });
    const down = vi.fn(async () => {
      throw new ApiError(503, 50300, 'unavailable');
    });
    const one = renderQuery(appQueryClient, { queryKey: ['refused'], queryFn: refused });
    const two = renderQuery(appQueryClient, { queryKey: ['down'], queryFn: down });
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(refused).toHaveBeenCalledTimes(1);
    expect(down).toHaveBeenCalledTimes(3);
    expect(one.result.current.error?.message).toBe('not found');
    expect(two.result.current).toMatchObject({ isError: true, failureCount: 3 });
  });

  it('polls every refetchInterval while the page is shown', async () => {
    vi.useFakeTimers();
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000 } } });
    const queryFn = countingFetcher();
    const view = renderQuery(client, { queryKey: ['machines'], queryFn, refetchInterval: 5_000 });
    await act(() => vi.advanceTimersByTimeAsync(10_001));
    expect(queryFn).toHaveBeenCalledTimes(3);
    expect(view.result.current.data).toBe('answer 3');
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
    hidden.mockRestore();
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(queryFn).toHaveBeenCalledTimes(3);
  });

  it('refetches stale data when the page is shown again, fresh data not', async () => {
    const client = new QueryClient();
    const stale = countingFetcher();
    const fresh = countingFetcher();
    const one = renderQuery(client, { queryKey: ['stale'], queryFn: stale });
    renderQuery(client, { queryKey: ['fresh'], queryFn: fresh, staleTime: 60_000 });
    await waitFor(() => expect(one.result.current.data).toBe('answer 1'));
    act(() => {
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(one.result.current.data).toBe('answer 2'));
    expect(fresh).toHaveBeenCalledTimes(1);
  });

  it('leaves an entry nobody shows for gcTime, then collects it', async () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const view = renderQuery(client, { queryKey: ['recall'], queryFn: countingFetcher() });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(client.getQueryData(['recall'])).toBe('answer 1');
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60 * 1000 - 1));
    expect(client.getQueryData(['recall'])).toBe('answer 1');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(client.getQueryData(['recall'])).toBeUndefined();
  });
});
