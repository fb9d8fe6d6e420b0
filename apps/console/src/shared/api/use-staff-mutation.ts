// A console action: the call, then every query it changes fetched again, so what staff see after an
// action is the server's answer, never a guess.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export function useStaffMutation<TInput, TAnswer>(
  call: (input: TInput) => Promise<TAnswer>,
  changes: QueryKey[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all(changes.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}

/** A fresh key per dialog: a retried click moves money once (the server's idempotency). */
export const newIdempotencyKey = (what: string) => `console-${what}-${crypto.randomUUID()}`;
