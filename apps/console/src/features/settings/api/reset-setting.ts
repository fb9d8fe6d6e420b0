import {
  type ConsoleSettingAnswer,
  type SettingResetBody,
  settingResetBody,
} from '@reelcast/protocol/console-settings';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

/** Drops the console's value: the operator's file's, else the default, is in force again. */
export const resetSetting = (body: SettingResetBody) =>
  apiRequest<ConsoleSettingAnswer>('/staff/settings/reset', {
    method: 'POST',
    body: settingResetBody.parse(body),
  });

export const useResetSetting = () => useStaffMutation(resetSetting, [['settings']]);
