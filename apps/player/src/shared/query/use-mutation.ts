// useMutation with TanStack Query's names and callback order: the hook's onSuccess / onError,
// then its onSettled, each awaited (an invalidation returned from one keeps the mutation pending
// until the refetch lands); then the state; then the callbacks given to mutate() itself, for the
// latest call only and only while the component is mounted.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { notifyLater } from './notify-later';
import { useQueryClient } from './query-client-provider';

export type MutationStatus = 'idle' | 'pending' | 'success' | 'error';

type MutationCallbacks<TData, TError, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: TError, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: TError | null, variables: TVariables) => unknown;
};

export type UseMutationOptions<TData = unknown, TError = Error, TVariables = void> = {
  mutationFn: (variables: TVariables) => Promise<TData>;
} & MutationCallbacks<TData, TError, TVariables>;

export type MutateOptions<TData = unknown, TError = Error, TVariables = void> = MutationCallbacks<
  TData,
  TError,
  TVariables
>;

type MutationState<TData, TError, TVariables> = {
  status: MutationStatus;
  data: TData | undefined;
  error: TError | null;
  variables: TVariables | undefined;
};

export type UseMutationResult<TData = unknown, TError = Error, TVariables = void> = MutationState<
  TData,
  TError,
  TVariables
> & {
  isIdle: boolean;
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** runs it; an error shows in the result and in the callbacks, never as a rejection */
  mutate: (variables: TVariables, options?: MutateOptions<TData, TError, TVariables>) => void;
  mutateAsync: (
    variables: TVariables,
    options?: MutateOptions<TData, TError, TVariables>,
  ) => Promise<TData>;
  reset: () => void;
};

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/** One useMutation: its latest call's state; an older call that ends late changes nothing. */
class MutationObserver<TData, TError, TVariables> {
  options: UseMutationOptions<TData, TError, TVariables>;
  #call = 0;
  #notify: (() => void) | undefined;
  #result: UseMutationResult<TData, TError, TVariables>;

  constructor(options: UseMutationOptions<TData, TError, TVariables>) {
    this.options = options;
    this.#result = this.#makeResult(idle);
  }

  #makeResult(state: MutationState<TData, TError, TVariables>) {
    return {
      ...state,
      isIdle: state.status === 'idle',
      isPending: state.status === 'pending',
      isSuccess: state.status === 'success',
      isError: state.status === 'error',
      mutate: this.mutate,
      mutateAsync: this.mutateAsync,
      reset: this.reset,
    };
  }

  #set(state: MutationState<TData, TError, TVariables>): void {
    this.#result = this.#makeResult(state);
    notifyLater(this.#tell);
  }

  /** Tells the component, a task later (notify-later.ts); not once it has unmounted. */
  #tell = (): void => this.#notify?.();

  subscribe = (notify: () => void) => {
    this.#notify = notify;
    return () => {
      this.#notify = undefined;
    };
  };

  getResult = () => this.#result;

  mutateAsync = async (
    variables: TVariables,
    callbacks: MutateOptions<TData, TError, TVariables> = {},
  ): Promise<TData> => {
    const call = ++this.#call;
    this.#set({ status: 'pending', data: undefined, error: null, variables });
    // Read when called, so the options of the latest render apply (as TanStack's setOptions).
    const current = () => this.options;
    const latest = () => call === this.#call;
    try {
      const data = await current().mutationFn(variables);
      await current().onSuccess?.(data, variables);
      await current().onSettled?.(data, null, variables);
      if (latest()) {
        this.#set({ status: 'success', data, error: null, variables });
        this.#perCall(() => callbacks.onSuccess?.(data, variables));
        this.#perCall(() => callbacks.onSettled?.(data, null, variables));
      }
      return data;
    } catch (thrown) {
      const error = thrown as TError;
      // A throwing callback must not hide the mutation's own error.
      await Promise.resolve(current().onError?.(error, variables)).catch(reportLater);
      await Promise.resolve(current().onSettled?.(undefined, error, variables)).catch(reportLater);
      if (latest()) {
        this.#set({ status: 'error', data: undefined, error, variables });
        this.#perCall(() => callbacks.onError?.(error, variables));
        this.#perCall(() => callbacks.onSettled?.(undefined, error, variables));
      }
      throw error;
    }
  };

  /** A call's own callbacks: only for a mounted component; one throwing stops nothing else. */
  #perCall(run: () => unknown): void {
    if (!this.#notify) return;
    try {
      run();
    } catch (error) {
      reportLater(error);
    }
  }

  mutate = (variables: TVariables, callbacks?: MutateOptions<TData, TError, TVariables>): void => {
    this.mutateAsync(variables, callbacks).catch(() => {});
  };

  /** Back to idle; a call still running no longer changes the state or calls its callbacks. */
  reset = (): void => {
    this.#call += 1;
    this.#set(idle);
  };
}

/** As TanStack does: an error thrown in a callback is reported, not swallowed, nor thrown here. */
function reportLater(error: unknown): void {
  void Promise.reject(error);
}

export function useMutation<TData = unknown, TError = Error, TVariables = void>(
  options: UseMutationOptions<TData, TError, TVariables>,
): UseMutationResult<TData, TError, TVariables> {
  // TanStack needs a provider for a mutation too; a component outside one fails the same way.
  useQueryClient();
  const [observer] = useState(() => new MutationObserver(options));
  useEffect(() => {
    observer.options = options;
  });
  return useSyncExternalStore(observer.subscribe, observer.getResult, observer.getResult);
}
