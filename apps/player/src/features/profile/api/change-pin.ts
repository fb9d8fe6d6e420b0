import type { AccountChangeAnswer, PinChangeBody } from '@reelcast/protocol/account';
import { apiRequest } from '../../../shared/api/api-client';
import { storePinCode } from '../../../shared/auth/auth-store';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useMutation } from '../../../shared/query/use-mutation';
import { profileQueryKey } from './get-profile';

export function changePin(body: PinChangeBody): Promise<AccountChangeAnswer> {
  return apiRequest<AccountChangeAnswer>('/player/pin', { method: 'POST', body });
}

export function useChangePin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePin,
    onSuccess: (answer) => {
      // Only the flag that a PIN exists: the server checks the new PIN from now on (§4).
      if (answer.pin_code) storePinCode(answer.pin_code);
      // The profile stops saying the PIN is the default.
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    },
  });
}
