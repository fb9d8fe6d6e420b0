// A change to one staff account: its role, a ban or its lifting, or a reset (a new password shown
// once and the two-factor secret removed).
import type { StaffAccount } from '@reelcast/protocol/console-staff';
import { type StaffRole, staffRoles } from '@reelcast/protocol/log-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { useResetStaffAccount } from '../api/reset-staff-account';
import { useSetStaffRole } from '../api/set-staff-role';

export type AccountChange = { account: StaffAccount; kind: 'role' | 'ban' | 'reset' };

const titles = { role: 'staff.changeRole', ban: 'staff.banToggle', reset: 'staff.reset' } as const;

type Props = { change: AccountChange; onSaid: (said: string) => void; onClose: () => void };

export function AccountChangeDialog({ change: { account, kind }, onSaid, onClose }: Props) {
  const { t } = useTranslation();
  const setRole = useSetStaffRole();
  const reset = useResetStaffAccount();
  const [role, setRoleChoice] = useState<StaffRole>(account.role);
  const accountId = account.id;
  const confirm = async (reason: string) => {
    if (kind === 'reset') {
      const answer = await reset.mutateAsync({ accountId, reason });
      onSaid(t('staff.newPassword', { username: account.username, password: answer.password }));
    } else if (kind === 'ban') {
      await setRole.mutateAsync({ accountId, role: account.role, banned: !account.banned, reason });
    } else {
      await setRole.mutateAsync({ accountId, role, reason });
    }
  };
  return (
    <ReasonDialog
      title={`${account.username}: ${t(titles[kind])}`}
      confirmLabel={t('common.save')}
      onConfirm={confirm}
      onClose={onClose}
    >
      {kind === 'role' && (
        <label className="block space-y-1 text-sm">
          <span>{t('staff.role')}</span>
          <select
            className="field w-full"
            value={role}
            onChange={(e) => setRoleChoice(e.target.value as StaffRole)}
          >
            {staffRoles.map((r) => (
              <option key={r} value={r}>
                {t(`roles.${r}`)}
              </option>
            ))}
          </select>
        </label>
      )}
    </ReasonDialog>
  );
}
