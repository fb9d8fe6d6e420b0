import {
  type ConsoleSettingAnswer,
  type SettingKey,
  settingChangeBody,
} from '@reelcast/protocol/console-settings';
import { apiRequest } from '../../../shared/api/api-client';
import { useStaffMutation } from '../../../shared/api/use-staff-mutation';

type Input = { key: SettingKey; value: unknown; reason?: string };

/** One key's new value; the server checks it as the operator's file's would be (40000 if not). */
export const setSetting = (body: Input) =>
  apiRequest<ConsoleSettingAnswer>('/staff/settings', {
    method: 'POST',
    body: settingChangeBody.parse(body),
  });

export const useSetSetting = () => useStaffMutation(setSetting, [['settings']]);
