// The login log (§8 log types): every sign-in event of the account, newest first, a page at a time.
import type { LoginLogEntry } from '@reelcast/protocol/account';
import { LogType } from '@reelcast/protocol/log-types';
import { useTranslation } from '../../../shared/i18n';
import { Pager, usePaging } from '../../../shared/ui/pager';
import { useLoginLogs } from '../api/get-login-logs';

export const logPageSize = 10;

const logTypeKeys = new Map<string, string>(
  Object.entries(LogType).map(([key, label]) => [label, key]),
);

/** The i18n key of a log type's label; an unknown type is shown as the server wrote it. */
export function logTypeKey(type: string): string | null {
  const key = logTypeKeys.get(type);
  return key ? `logTypes.${key}` : null;
}

function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'short',
    timeStyle: 'medium',
  });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

function LogRow({ entry }: { entry: LoginLogEntry }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const key = logTypeKey(entry.type);
  return (
    <tr className="border-t border-line">
      <td className="whitespace-nowrap px-3 py-2 tabular-nums">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
      </td>
      <td className="px-3 py-2" data-log-type={entry.type}>
        {key ? t(key) : entry.type}
      </td>
      <td className="px-3 py-2 tabular-nums">
        <bdi dir="ltr">{entry.ip}</bdi>
      </td>
      <td className="px-3 py-2 text-ink-soft">{entry.detail ?? ''}</td>
    </tr>
  );
}

export function LoginLog() {
  const { t } = useTranslation();
  const paging = usePaging(logPageSize);
  const logs = useLoginLogs(paging.page, logPageSize);

  if (logs.isError && !logs.data) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger/10 p-4">
        <span>{t('profile.logs.loadError')}</span>
        <button type="button" className="btn-ghost" onClick={() => void logs.refetch()}>
          {t('lobby.retry')}
        </button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-xl border border-line" aria-busy={logs.isFetching}>
        <table className="w-full text-start text-sm">
          <caption className="sr-only">{t('profile.logs.title')}</caption>
          <thead className="bg-panel text-xs uppercase tracking-wider text-ink-soft">
            <tr>
              <th scope="col" className="px-3 py-2 text-start">
                {t('profile.logs.time')}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t('profile.logs.type')}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t('profile.logs.ip')}
              </th>
              <th scope="col" className="px-3 py-2 text-start">
                {t('profile.logs.detail')}
              </th>
            </tr>
          </thead>
          <tbody>
            {logs.data ? (
              logs.data.items.length > 0 ? (
                logs.data.items.map((entry) => <LogRow key={entry.id} entry={entry} />)
              ) : (
                <tr>
                  <td colSpan={4} className="px-3 py-6 text-center text-ink-soft">
                    {t('profile.logs.empty')}
                  </td>
                </tr>
              )
            ) : (
              [0, 1, 2].map((row) => (
                <tr key={row} className="border-t border-line">
                  <td colSpan={4} className="px-3 py-2">
                    <span className="skeleton block h-5" />
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label={t('profile.logs.paging')}
        statusKey="profile.logs.page"
        paging={paging}
        list={logs}
      />
    </div>
  );
}
