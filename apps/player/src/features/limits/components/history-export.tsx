// The account history export: transactions and game sessions of a range of whole days (up to 12
// months) as a CSV file.
import { EXPORT_MAX_DAYS } from '@reelcast/protocol/protection';
import { useId, useState } from 'react';
import { describeError } from '../../../shared/api/describe-error';
import { useTranslation } from '../../../shared/i18n';
import { useExportHistory } from '../api/export-history';
import { dayOf } from '../utils/format';

const DAY_MS = 24 * 3600 * 1000;
const dateClass =
  'min-h-11 rounded-xl border border-line bg-floor px-3 text-base text-ink focus:border-gold focus:outline-none';

export function HistoryExport() {
  const { t } = useTranslation();
  const exporter = useExportHistory();
  const [to, setTo] = useState(() => dayOf(new Date()));
  const [from, setFrom] = useState(() => dayOf(new Date(Date.now() - 30 * DAY_MS)));
  const fromId = useId();
  const toId = useId();
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  const tooLong = days > EXPORT_MAX_DAYS;
  const valid = Boolean(from && to) && days >= 1 && !tooLong;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) exporter.mutate({ from, to });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={fromId} className="text-sm text-ink-soft">
          {t('limits.from')}
        </label>
        <input
          id={fromId}
          type="date"
          value={from}
          max={to}
          onChange={(e) => setFrom(e.target.value)}
          className={dateClass}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={toId} className="text-sm text-ink-soft">
          {t('limits.to')}
        </label>
        <input
          id={toId}
          type="date"
          value={to}
          min={from}
          onChange={(e) => setTo(e.target.value)}
          className={dateClass}
        />
      </div>
      <button type="submit" className="btn-gold" disabled={!valid || exporter.isPending}>
        {t('limits.download')}
      </button>
      {(tooLong || exporter.isError) && (
        <p role="alert" className="basis-full text-sm text-danger">
          {tooLong ? t('limits.exportTooLong') : describeError(t, exporter.error)}
        </p>
      )}
    </form>
  );
}
