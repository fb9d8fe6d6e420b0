// POST /player/pin/verify: the lock screen asks the server whether the typed PIN is right. The
// server counts wrong ones; at the last it ends the sign-in and says so (signed_out).
import type { PinVerifyAnswer, PinVerifyBody } from '@reelcast/protocol/pin-verify';
import { apiRequest } from '../../../shared/api/api-client';
import { useMutation } from '../../../shared/query/use-mutation';

export function verifyPin(body: PinVerifyBody): Promise<PinVerifyAnswer> {
  return apiRequest<PinVerifyAnswer>('/player/pin/verify', { method: 'POST', body });
}

export function useVerifyPin() {
  return useMutation({ mutationFn: verifyPin });
}
