import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from './query-client';
import { QueryClientProvider } from './query-client-provider';
import { type UseMutationOptions, useMutation } from './use-mutation';

afterEach(cleanup);

/** Lets the state and callbacks of a settled call through (TanStack tells observers a tick late). */
const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

function renderMutation<TData, TVariables>(options: UseMutationOptions<TData, Error, TVariables>) {
  const client = new QueryClient();
  return renderHook(() => useMutation(options), {
    wrapper: ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    ),
  });
}

describe('useMutation', () => {
  it('calls the hook’s callbacks, awaited, then the call’s own; onSettled last of each', async () => {
    const order: string[] = [];
    let settleRefetch: () => void = () => {};
    const view = renderMutation({
      mutationFn: async (n: number) => n * 2,
      onSuccess: (data, n) => {
        order.push(`options onSuccess ${data} ${n}`);
      },
      // An invalidation returned here keeps the mutation pending until it lands.
      onSettled: () =>
        new Promise<void>((resolve) => {
          settleRefetch = () => {
            order.push('options onSettled done');
            resolve();
          };
        }),
    });
    act(() =>
      view.result.current.mutate(21, {
        onSuccess: (data) => order.push(`call onSuccess ${data}`),
        onError: () => order.push('call onError'),
        onSettled: (data, error) => order.push(`call onSettled ${data} ${error}`),
      }),
    );
    await flush();
    expect(view.result.current).toMatchObject({ isPending: true, variables: 21 });
    await flush();
    expect(view.result.current.isPending).toBe(true);
    await act(async () => settleRefetch());
    await flush();
    expect(order).toEqual([
      'options onSuccess 42 21',
      'options onSettled done',
      'call onSuccess 42',
      'call onSettled 42 null',
    ]);
    expect(view.result.current).toMatchObject({ isSuccess: true, data: 42, error: null });
  });

  it('keeps the error in its state; mutate does not reject, mutateAsync does', async () => {
    const order: string[] = [];
    const failure = new Error('refused');
    const view = renderMutation<void, void>({
      mutationFn: () => Promise.reject(failure),
      onError: (error) => {
        order.push(`options onError ${error.message}`);
      },
      onSettled: (_data, error) => {
        order.push(`options onSettled ${error?.message}`);
      },
    });
    await act(async () =>
      view.result.current.mutate(undefined, {
        onError: (error) => order.push(`call onError ${error.message}`),
        onSettled: () => order.push('call onSettled'),
      }),
    );
    await flush();
    expect(order).toEqual([
      'options onError refused',
      'options onSettled refused',
      'call onError refused',
      'call onSettled',
    ]);
    expect(view.result.current).toMatchObject({ isError: true, error: failure, isPending: false });
    await act(() => expect(view.result.current.mutateAsync()).rejects.toBe(failure));
    act(() => view.result.current.reset());
    await flush();
    expect(view.result.current).toMatchObject({ isIdle: true, error: null });
  });

  it('calls a call’s own callbacks for the latest call only, and not once unmounted', async () => {
    const resolvers: ((value: string) => void)[] = [];
    const onSuccess = vi.fn();
    const view = renderMutation({
      mutationFn: (_name: string) => new Promise<string>((resolve) => resolvers.push(resolve)),
      onSuccess,
    });
    const first = vi.fn();
    const second = vi.fn();
    act(() => view.result.current.mutate('first', { onSuccess: first }));
    await flush();
    act(() => view.result.current.mutate('second', { onSuccess: second }));
    await flush();
    await act(async () => {
      resolvers[1]!('second done');
      resolvers[0]!('first done');
    });
    await flush();
    expect(first).not.toHaveBeenCalled();
    expect(second.mock.calls.map((call) => call.slice(0, 2))).toEqual([['second done', 'second']]);
    expect(onSuccess).toHaveBeenCalledTimes(2);
    expect(view.result.current.data).toBe('second done');

    const late = vi.fn();
    act(() => view.result.current.mutate('third', { onSuccess: late }));
    await flush();
    view.unmount();
    await act(async () => resolvers[2]!('third done'));
    await flush();
    expect(late).not.toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledTimes(3);
  });
});
