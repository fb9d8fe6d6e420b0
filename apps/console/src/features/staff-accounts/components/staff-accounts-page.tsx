// Staff accounts: the admin creates them, changes roles, bans and resets them (each with a reason);
// the auditor reads the list. A generated password is shown once, here, and nowhere else.
import type { StaffAccount } from '@reelcast/protocol/console-staff';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../shared/auth/use-me';
import { formatTime } from '../../../shared/money';
import { Failed, Loading } from '../../../shared/ui/states';
import { useStaffAccounts } from '../api/get-staff-accounts';
import { type AccountChange, AccountChangeDialog } from './account-change-dialog';
import { CreateStaffDialog } from './create-staff-dialog';

type RowProps = {
  account: StaffAccount;
  mayChange: boolean;
  onChange: (change: AccountChange) => void;
};

function AccountRow({ account: a, mayChange, onChange }: RowProps) {
  const { t, i18n } = useTranslation();
  const button = (kind: AccountChange['kind'], label: string) => (
    <button type="button" className="btn-ghost" onClick={() => onChange({ account: a, kind })}>
      {label}
    </button>
  );
  return (
    <tr>
      <td>
        {a.username}
        {a.banned && <strong className="ms-2 text-danger">{t('players.banned')}</strong>}
      </td>
      <td>
        {a.name} {a.lastname}
      </td>
      <td>{t(`roles.${a.role}`)}</td>
      <td>{a.twoFactor ? t('twoFactor.on') : t('twoFactor.off')}</td>
      <td>{formatTime(a.lastLogon, i18n.language)}</td>
      {mayChange && (
        <td className="flex flex-wrap gap-2">
          {button('role', t('staff.changeRole'))}
          {button('ban', a.banned ? t('players.unban') : t('players.ban'))}
          {button('reset', t('staff.reset'))}
        </td>
      )}
    </tr>
  );
}

export function StaffAccountsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const accounts = useStaffAccounts();
  const [change, setChange] = useState<AccountChange | null>(null);
  const [creating, setCreating] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const mayChange = may('staffAccountRole');
  if (accounts.isPending) return <Loading />;
  if (accounts.error) return <Failed error={accounts.error} />;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-3">
        <h1 className="me-auto font-semibold text-2xl">{t('staff.title')}</h1>
        {may('staffAccountCreate') && (
          <button type="button" className="btn-gold" onClick={() => setCreating(true)}>
            {t('staff.create')}
          </button>
        )}
      </div>
      <p role="status" aria-live="polite" className="font-mono">
        {said}
      </p>
      <section className="card overflow-x-auto p-0">
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('players.username')}</th>
              <th>{t('players.name')}</th>
              <th>{t('staff.role')}</th>
              <th>{t('nav.twoFactor')}</th>
              <th>{t('players.lastLogon')}</th>
              {mayChange && <th>{t('floor.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {accounts.data.accounts.map((a) => (
              <AccountRow key={a.id} account={a} mayChange={mayChange} onChange={setChange} />
            ))}
          </tbody>
        </table>
      </section>
      {change && (
        <AccountChangeDialog change={change} onSaid={setSaid} onClose={() => setChange(null)} />
      )}
      {creating && <CreateStaffDialog onCreated={setSaid} onClose={() => setCreating(false)} />}
    </div>
  );
}
