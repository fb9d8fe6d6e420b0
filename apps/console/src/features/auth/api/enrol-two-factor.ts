import type { TwoFactorEnrolAnswer } from '@reelcast/protocol/console-staff';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../shared/api/api-client';

/** POST /staff/two-factor/enrol: a new secret; it counts only once a code from it is confirmed. */
export const enrolTwoFactor = () =>
  apiRequest<TwoFactorEnrolAnswer>('/staff/two-factor/enrol', { method: 'POST' });

export const useEnrolTwoFactor = () => useMutation({ mutationFn: enrolTwoFactor });
