// /transactions: the player's wallet entries, newest first, filtered by type and days, a page at a
// time from the server. Cards on phones, a table from md up.
import type { LedgerTransaction } from '@reelcast/protocol/wallet';
import { ReceiptText } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useFormatMoney } from '../../../shared/money';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useNoticeEvent } from '../../../shared/socket/notice-events';
import { Pager } from '../../../shared/ui/pager';
import {
  transactionsPageSize,
  transactionsQueryKey,
  useTransactions,
} from '../api/get-transactions';
import { useTransactionsFilter } from '../hooks/use-transactions-filter';

const types = [1, 2, 3, 4, 5, 6] as const;
const knownSources = new Set(['discount', 'bonus', 'operator', 'refused-transfer']);

function useFormatDateTime(): (iso: string) => string {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.format(date);
  };
}

/** What the entry was about: a machine and slot session, or who put the money in. */
function useDescribe(): (entry: LedgerTransaction) => string {
  const { t } = useTranslation();
  return (entry) => {
    const parts: string[] = [];
    if (entry.machineId !== null) parts.push(t('transactions.machine', { id: entry.machineId }));
    if (entry.sessionId !== null) parts.push(t('transactions.session', { id: entry.sessionId }));
    if (entry.source) {
      const key = entry.source.startsWith('operator') ? 'operator' : entry.source;
      parts.push(knownSources.has(key) ? t(`transactions.sources.${key}`) : entry.source);
    }
    return parts.join(' · ');
  };
}

function Amount({ cents }: { cents: number }) {
  const format = useFormatMoney();
  return (
    <bdi
      dir="ltr"
      data-testid="transaction-amount"
      data-cents={cents}
      className={`font-semibold tabular-nums ${cents >= 0 ? 'text-(--money-cash)' : 'text-danger'}`}
    >
      {cents > 0 ? '+' : ''}
      {format(cents)}
    </bdi>
  );
}

type DateFilterProps = {
  id: string;
  label: string;
  /** the day (yyyy-mm-dd), or null for no bound */
  value: string | null;
  /** the other end of the range, so that from never passes to */
  bounds: { min?: string; max?: string };
  onChange: (day: string | null) => void;
};

function DateFilter({ id, label, value, bounds, onChange }: DateFilterProps) {
  return (
    <label className="flex flex-col gap-1 text-sm" htmlFor={id}>
      {label}
      <input
        id={id}
        type="date"
        className="min-h-11 rounded-lg border border-line bg-panel px-3"
        value={value ?? ''}
        {...bounds}
        onChange={(e) => onChange(e.target.value || null)}
      />
    </label>
  );
}

function Filters() {
  const { t } = useTranslation();
  const { filter, update } = useTransactionsFilter();
  const id = useId();
  const filtered = filter.types.length > 0 || filter.from !== null || filter.to !== null;
  return (
    <form
      className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-floor-raised/90 p-4 sm:grid-cols-4"
      onSubmit={(e) => e.preventDefault()}
      aria-label={t('transactions.filters')}
    >
      <label
        className="col-span-2 flex flex-col gap-1 text-sm sm:col-span-1"
        htmlFor={`${id}-type`}
      >
        {t('transactions.type')}
        <select
          id={`${id}-type`}
          className="min-h-11 rounded-lg border border-line bg-panel px-3"
          value={
            filter.types.length === 0
              ? ''
              : filter.types.length === 1
                ? String(filter.types[0])
                : 'several'
          }
          onChange={(e) => update({ types: e.target.value ? [Number(e.target.value)] : [] })}
        >
          <option value="">{t('transactions.allTypes')}</option>
          {/* A list of types from the address (?type=3,4) is shown as it is, not as "all". */}
          {filter.types.length > 1 && (
            <option value="several" disabled>
              {filter.types.map((type) => t(`transactions.types.${type}`)).join(', ')}
            </option>
          )}
          {types.map((type) => (
            <option key={type} value={type}>
              {t(`transactions.types.${type}`)}
            </option>
          ))}
        </select>
      </label>
      <DateFilter
        id={`${id}-from`}
        label={t('transactions.from')}
        value={filter.from}
        bounds={{ max: filter.to ?? undefined }}
        onChange={(from) => update({ from })}
      />
      <DateFilter
        id={`${id}-to`}
        label={t('transactions.to')}
        value={filter.to}
        bounds={{ min: filter.from ?? undefined }}
        onChange={(to) => update({ to })}
      />
      <div className="col-span-2 flex items-end sm:col-span-1">
        <button
          type="button"
          className="btn-ghost min-h-11 w-full"
          disabled={!filtered}
          onClick={() => update({ types: [], from: null, to: null })}
        >
          {t('transactions.clear')}
        </button>
      </div>
    </form>
  );
}

function Cards({ items }: { items: LedgerTransaction[] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const describe = useDescribe();
  const format = useFormatMoney();
  return (
    <ul className="flex flex-col gap-2 md:hidden">
      {items.map((entry) => (
        <li
          key={entry.id}
          data-testid="transaction"
          data-type={entry.type}
          className="rounded-xl border border-line bg-floor-raised/90 p-3"
        >
          <div className="flex items-baseline justify-between gap-3">
            <span className="font-semibold">{t(`transactions.types.${entry.type}`)}</span>
            <Amount cents={entry.amount} />
          </div>
          <div className="mt-1 flex items-baseline justify-between gap-3 text-sm text-ink-soft">
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
            <span>
              {t('transactions.balanceAfter')}: <bdi dir="ltr">{format(entry.balanceAfter)}</bdi>
            </span>
          </div>
          {describe(entry) && <div className="mt-1 text-sm text-ink-soft">{describe(entry)}</div>}
        </li>
      ))}
    </ul>
  );
}

function Table({ items }: { items: LedgerTransaction[] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const describe = useDescribe();
  const format = useFormatMoney();
  const th = 'px-3 py-2 text-start';
  return (
    <div className="hidden overflow-x-auto rounded-xl border border-line md:block">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('transactions.title')}</caption>
        <thead className="bg-panel text-xs uppercase tracking-wider text-ink-soft">
          <tr>
            <th scope="col" className={th}>
              {t('transactions.time')}
            </th>
            <th scope="col" className={th}>
              {t('transactions.type')}
            </th>
            <th scope="col" className="px-3 py-2 text-end">
              {t('transactions.amount')}
            </th>
            <th scope="col" className="px-3 py-2 text-end">
              {t('transactions.balanceAfter')}
            </th>
            <th scope="col" className={th}>
              {t('transactions.details')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((entry) => (
            <tr
              key={entry.id}
              className="border-t border-line"
              data-testid="transaction"
              data-type={entry.type}
            >
              <td className="whitespace-nowrap px-3 py-2 tabular-nums">
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className="px-3 py-2">{t(`transactions.types.${entry.type}`)}</td>
              <td className="px-3 py-2 text-end">
                <Amount cents={entry.amount} />
              </td>
              <td className="px-3 py-2 text-end tabular-nums">
                <bdi dir="ltr">{format(entry.balanceAfter)}</bdi>
              </td>
              <td className="px-3 py-2 text-ink-soft">{describe(entry)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Skeleton() {
  return (
    <div className="flex flex-col gap-2" aria-hidden="true" data-testid="transactions-loading">
      {[0, 1, 2, 3].map((row) => (
        <span key={row} className="skeleton block h-16 rounded-xl md:h-10" />
      ))}
    </div>
  );
}

export function TransactionsPage() {
  const { t } = useTranslation();
  const { filter, update } = useTransactionsFilter();
  const transactions = useTransactions(filter);
  const queryClient = useQueryClient();
  // A balance change is a new entry: the list follows it, in every open tab.
  useNoticeEvent('balance', () => {
    void queryClient.invalidateQueries({ queryKey: transactionsQueryKey });
  });
  const total = transactions.data?.total ?? 0;
  const items = transactions.data?.items ?? [];

  let body: ReactNode;
  if (transactions.isError && !transactions.data) {
    body = (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-xl bg-danger/10 p-4">
        <span>{t('transactions.loadError')}</span>
        <button type="button" className="btn-ghost" onClick={() => void transactions.refetch()}>
          {t('transactions.retry')}
        </button>
      </div>
    );
  } else if (!transactions.data) {
    body = <Skeleton />;
  } else if (items.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 rounded-xl border border-line p-8 text-center text-ink-soft">
        <ReceiptText aria-hidden="true" className="size-8" />
        <p>{t('transactions.empty')}</p>
      </div>
    );
  } else {
    body = (
      <>
        <Cards items={items} />
        <Table items={items} />
      </>
    );
  }

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-4 px-4 py-5 sm:px-6">
      <h1 className="text-2xl font-semibold">{t('transactions.title')}</h1>
      <Filters />
      <section aria-busy={transactions.isFetching} aria-label={t('transactions.title')}>
        {body}
      </section>
      {total > transactionsPageSize && (
        <Pager
          label={t('transactions.paging')}
          statusKey="transactions.page"
          paging={{
            page: filter.page,
            pageSize: transactionsPageSize,
            onPage: (page) => update({ page }),
          }}
          list={transactions}
        />
      )}
    </main>
  );
}
