// A time-out or self-exclusion: effective at once on the server, which cashes out open games and
// ends every sign-in of the player; the app signs out and says why.
import type { ExclusionChoice } from '@reelcast/protocol/protection';
import { exclusionBody } from '@reelcast/protocol/protection';
import { apiRequest } from '../../../shared/api/api-client';
import { logout } from '../../../shared/auth/auth-store';
import { useMutation } from '../../../shared/query/use-mutation';

export const startBreakInput = exclusionBody;

export function startBreak(choice: ExclusionChoice) {
  return apiRequest<{ code: number }>('/player/exclusion', { method: 'POST', body: { choice } });
}

export function useStartBreak() {
  return useMutation({
    mutationFn: startBreak,
    onSuccess: () => logout('limits.excluded'),
  });
}
