import {
  type StaffAccountCreateBody,
  type StaffAccountPasswordAnswer,
  staffAccountCreateBody,
} from '@reelcast/protocol/console-staff';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** A new staff account; its generated password is answered this once. */
export const createStaffAccount = (body: StaffAccountCreateBody) =>
  apiRequest<StaffAccountPasswordAnswer>('/staff/accounts', {
    method: 'POST',
    body: staffAccountCreateBody.parse(body),
  });

export const useCreateStaffAccount = () =>
  useStaffMutation(createStaffAccount, [['staff-accounts']]);
