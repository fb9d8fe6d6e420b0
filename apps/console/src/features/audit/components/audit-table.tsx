import type { AuditEntry } from '@reelcast/protocol/console-audit';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/money';
import { Empty } from '../../../shared/ui/states';

const json = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation();
  if (entries.length === 0) return <Empty text={t('audit.none')} />;
  return (
    <section className="card overflow-x-auto p-0">
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('common.when')}</th>
            <th>{t('audit.actor')}</th>
            <th>{t('audit.ip')}</th>
            <th>{t('audit.action')}</th>
            <th>{t('audit.target')}</th>
            <th>{t('audit.reason')}</th>
            <th>{t('audit.outcome')}</th>
            <th>{t('audit.change')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr
              key={e.id}
              data-testid="audit-entry"
              className={e.outcome === 'done' ? undefined : 'bg-danger/10'}
            >
              <td className="whitespace-nowrap">{formatTime(e.at, i18n.language)}</td>
              <td>
                {e.actor}
                {e.actorRole && (
                  <div className="text-ink-soft text-xs">
                    {t(`roles.${e.actorRole}`, { defaultValue: e.actorRole })}
                  </div>
                )}
              </td>
              <td>{e.ip}</td>
              <td>{e.action}</td>
              <td>{e.targetType ? `${e.targetType} ${e.targetId ?? ''}` : '—'}</td>
              <td>{e.reason ?? '—'}</td>
              <td>{t(`audit.outcomes.${e.outcome}`)}</td>
              <td>
                <details>
                  <summary className="cursor-pointer text-xs">{t('audit.beforeAfter')}</summary>
                  <pre className="max-w-md whitespace-pre-wrap text-xs">
                    {t('audit.before')}: {json(e.before)}
                    {'\n'}
                    {t('audit.after')}: {json(e.after)}
                  </pre>
                </details>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
