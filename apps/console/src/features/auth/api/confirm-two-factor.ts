import { twoFactorConfirmBody } from '@reelcast/protocol/console-staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/** POST /staff/two-factor/confirm: the first code turns two-factor on for the next sign-in. */
export const confirmTwoFactor = (code: string) =>
  apiRequest<{ twoFactor: true }>('/staff/two-factor/confirm', {
    method: 'POST',
    body: twoFactorConfirmBody.parse({ code }),
  });

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmTwoFactor,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['me'] }),
  });
}
