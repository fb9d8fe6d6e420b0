import { type StaffRole, staffRoles } from '@reelcast/protocol/log-types';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { useCreateStaffAccount } from '../api/create-staff-account';

type Props = { onCreated: (said: string) => void; onClose: () => void };

export function CreateStaffDialog({ onCreated, onClose }: Props) {
  const { t } = useTranslation();
  const create = useCreateStaffAccount();
  const [fields, setFields] = useState({ username: '', email: '', name: '', lastname: '' });
  const [role, setRole] = useState<StaffRole>('cashier');
  const ready = Object.values(fields).every((v) => v.trim() !== '');
  const input = (key: keyof typeof fields, type = 'text') => (
    <label className="block space-y-1 text-sm">
      <span>{t(`staff.fields.${key}`)}</span>
      <input
        type={type}
        className="field w-full"
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <ReasonDialog
      title={t('staff.create')}
      confirmLabel={t('staff.create')}
      ready={ready}
      onConfirm={async (reason) => {
        const answer = await create.mutateAsync({ ...fields, role, reason });
        onCreated(
          t('staff.newPassword', { username: answer.account.username, password: answer.password }),
        );
      }}
      onClose={onClose}
    >
      {input('username')}
      {input('email', 'email')}
      {input('name')}
      {input('lastname')}
      <label className="block space-y-1 text-sm">
        <span>{t('staff.role')}</span>
        <select
          className="field w-full"
          value={role}
          onChange={(e) => setRole(e.target.value as StaffRole)}
        >
          {staffRoles.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </label>
    </ReasonDialog>
  );
}
