import { type MachineFaultBody, machineFaultBody } from '@reelcast/protocol/floor';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Raises or clears a door, tilt or offline fault. */
export const setMachineFault = (body: MachineFaultBody) =>
  apiRequest('/staff/machine-fault', { method: 'POST', body: machineFaultBody.parse(body) });

export const useSetMachineFault = () => useStaffMutation(setMachineFault, [['floor']]);
