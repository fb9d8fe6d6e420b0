// The §9 settings: each key's value in force, its default and where it comes from (the default,
// the operator's file, or the console). The admin edits a key or resets it to the file's value or
// the default; supervisors and auditors read. Every change is in the audit log.
import type { ConsoleSetting } from '@reelcast/protocol/console-settings';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../shared/api/describe-error';
import { useMay } from '../../../shared/auth/use-me';
import { formatTime } from '../../../shared/money';
import { Failed, Loading } from '../../../shared/ui/states';
import { useSettings } from '../api/get-settings';
import { useResetSetting } from '../api/reset-setting';
import { SettingEditor } from './setting-editor';
import { shownValue } from './setting-value';

function Value({ value }: { value: unknown }) {
  return <code className="break-all font-mono text-sm">{shownValue(value)}</code>;
}

type RowProps = {
  setting: ConsoleSetting;
  mayEdit: boolean;
  mayReset: boolean;
  onEdit: () => void;
  onReset: () => void;
};

function SettingRow({ setting: s, mayEdit, mayReset, onEdit, onReset }: RowProps) {
  const { t, i18n } = useTranslation();
  return (
    <tr data-testid={`setting-${s.key}`}>
      <th scope="row" className="font-mono text-sm">
        {s.key}
      </th>
      <td>
        <Value value={s.value} />
      </td>
      <td>
        <Value value={s.default} />
      </td>
      <td>
        {t(`settings.sources.${s.source}`)}
        {s.updatedBy && (
          <span className="block text-ink-soft text-xs">
            {s.updatedBy} · {formatTime(s.updatedAt, i18n.language)}
          </span>
        )}
      </td>
      {mayEdit && (
        <td className="flex flex-wrap gap-2">
          <button
            type="button"
            className="btn-ghost"
            aria-label={t('settings.editKey', { key: s.key })}
            onClick={onEdit}
          >
            {t('settings.edit')}
          </button>
          {mayReset && s.source === 'console' && (
            <button
              type="button"
              className="btn-ghost"
              aria-label={t('settings.resetKey', { key: s.key })}
              onClick={onReset}
            >
              {t('settings.reset')}
            </button>
          )}
        </td>
      )}
    </tr>
  );
}

export function SettingsPage() {
  const { t } = useTranslation();
  const may = useMay();
  const settings = useSettings();
  const reset = useResetSetting();
  const [editing, setEditing] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const mayEdit = may('settingChange');
  const mayReset = may('settingReset');
  if (settings.isPending) return <Loading />;
  if (settings.error) return <Failed error={settings.error} onRetry={() => settings.refetch()} />;

  const resetKey = async (key: string) => {
    try {
      await reset.mutateAsync({ key: key as ConsoleSetting['key'] });
      setSaid(t('settings.wasReset', { key }));
    } catch (failure) {
      setSaid(describeError(t, failure));
    }
  };
  const columns = mayEdit ? 5 : 4;
  return (
    <div className="space-y-4">
      <h1 className="font-semibold text-2xl">{t('settings.title')}</h1>
      <p className="text-ink-soft text-sm">
        {mayEdit ? t('settings.intro') : t('settings.readOnly')}
      </p>
      <p role="status" aria-live="polite">
        {said}
      </p>
      <section className="card overflow-x-auto p-0">
        <table className="data-table">
          <thead>
            <tr>
              <th>{t('settings.key')}</th>
              <th>{t('settings.value')}</th>
              <th>{t('settings.default')}</th>
              <th>{t('settings.source')}</th>
              {mayEdit && <th>{t('floor.actions')}</th>}
            </tr>
          </thead>
          <tbody>
            {settings.data.settings.map((s) => (
              <Fragment key={s.key}>
                <SettingRow
                  setting={s}
                  mayEdit={mayEdit}
                  mayReset={mayReset}
                  onEdit={() => setEditing(s.key)}
                  onReset={() => resetKey(s.key)}
                />
                {editing === s.key && (
                  <tr>
                    <td colSpan={columns}>
                      <SettingEditor
                        setting={s}
                        onDone={(text) => {
                          setSaid(text);
                          setEditing(null);
                        }}
                        onCancel={() => setEditing(null)}
                      />
                    </td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
