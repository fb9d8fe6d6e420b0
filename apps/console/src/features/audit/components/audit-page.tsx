// The audit log: every staff action and failed staff sign-in, newest first, filtered in the
// address, each entry opening to what it changed (before and after); exported whole as CSV.
import { auditOutcomes } from '@reelcast/protocol/console-audit';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { describeError } from '../../../shared/api/describe-error';
import { downloadText } from '../../../shared/ui/download';
import { Pager } from '../../../shared/ui/pager';
import { Failed, Loading } from '../../../shared/ui/states';
import { type AuditFilters, useAudit } from '../api/get-audit';
import { getAuditCsv } from '../api/get-audit-csv';
import { AuditTable } from './audit-table';

const textFilters = ['actor', 'action', 'targetType', 'targetId'] as const;
const allFilters = [...textFilters, 'outcome', 'from', 'to'] as const;

type FormProps = {
  filters: AuditFilters;
  onApply: (event: FormEvent<HTMLFormElement>) => void;
  onExport: () => void;
};

function AuditFilterForm({ filters, onApply, onExport }: FormProps) {
  const { t } = useTranslation();
  return (
    <form
      onSubmit={onApply}
      aria-label={t('audit.filters')}
      className="flex flex-wrap items-end gap-3"
    >
      {textFilters.map((k) => (
        <label key={k} className="space-y-1 text-sm">
          <span className="block">{t(`audit.${k}`)}</span>
          <input name={k} defaultValue={filters[k] ?? ''} className="field w-40" />
        </label>
      ))}
      <label className="space-y-1 text-sm">
        <span className="block">{t('audit.outcome')}</span>
        <select name="outcome" defaultValue={filters.outcome ?? ''} className="field">
          <option value="">{t('audit.anyOutcome')}</option>
          {auditOutcomes.map((o) => (
            <option key={o} value={o}>
              {t(`audit.outcomes.${o}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm">
        <span className="block">{t('reports.from')}</span>
        <input type="date" name="from" defaultValue={filters.from ?? ''} className="field" />
      </label>
      <label className="space-y-1 text-sm">
        <span className="block">{t('reports.to')}</span>
        <input type="date" name="to" defaultValue={filters.to ?? ''} className="field" />
      </label>
      <button type="submit" className="btn-gold">
        {t('audit.apply')}
      </button>
      <button type="button" className="btn-ghost" onClick={onExport}>
        {t('reports.exportCsv')}
      </button>
    </form>
  );
}

export function AuditPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(
    allFilters.flatMap((k) => (search.get(k) ? [[k, search.get(k)]] : [])),
  );
  const page = Number(search.get('page') ?? 1);
  const audit = useAudit(filters, page);
  const [exportError, setExportError] = useState<string | null>(null);
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const k of allFilters) {
      const value = String(form.get(k) ?? '').trim();
      if (value) next.set(k, value);
    }
    setSearch(next);
  };
  const exportCsv = async () => {
    setExportError(null);
    try {
      downloadText('audit-log.csv', await getAuditCsv(filters));
    } catch (error) {
      setExportError(describeError(t, error));
    }
  };
  return (
    <div className="space-y-4">
      <h1 className="font-semibold text-2xl">{t('audit.title')}</h1>
      <AuditFilterForm filters={filters} onApply={apply} onExport={exportCsv} />
      {exportError && (
        <p role="alert" className="text-danger">
          {exportError}
        </p>
      )}
      {audit.isPending ? (
        <Loading />
      ) : audit.error ? (
        <Failed error={audit.error} onRetry={() => void audit.refetch()} />
      ) : (
        <>
          <AuditTable entries={audit.data.items} />
          <Pager
            page={page}
            pageSize={audit.data.pageSize}
            total={audit.data.total}
            onPage={(next) => {
              const params = new URLSearchParams(search);
              params.set('page', String(next));
              setSearch(params);
            }}
          />
        </>
      )}
    </div>
  );
}
