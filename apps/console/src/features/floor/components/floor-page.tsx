// The floor: every machine as it is now (read again every two seconds), filtered by brand and
// status in the address; hand pays waiting for a second supervisor on top; one machine's detail
// beside the list when one is chosen.
import { cabinetStates, type FloorQuery } from '@reelcast/protocol/console-floor';
import { machineStatus } from '@reelcast/protocol/http';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { Failed, Loading } from '../../../shared/ui/states';
import { useFloor } from '../api/get-floor';
import { ApprovalsQueue } from './approvals-queue';
import { MachinePanel } from './machine-panel';
import { MachineTable } from './machine-table';

const statuses = [...machineStatus.options, ...cabinetStates.filter((s) => s !== 'idle')];

export function FloorPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { machineId } = useParams();
  const query: FloorQuery = {
    ...(search.get('brand') ? { brand: search.get('brand') as unknown as number } : {}),
    ...(search.get('status') ? { status: search.get('status') as FloorQuery['status'] } : {}),
  };
  const floor = useFloor(query);
  // The brands come from an unfiltered read, so choosing one still offers the others.
  const all = useFloor({});
  const brands = new Map(
    (all.data?.machines ?? []).flatMap((m) => (m.brand ? [[m.brand.id, m.brand.name]] : [])),
  );
  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };
  const chosen = floor.data?.machines.find((m) => String(m.id) === machineId);
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <h1 className="me-auto font-semibold text-2xl">{t('floor.title')}</h1>
        <label className="space-y-1 text-sm">
          <span className="block">{t('floor.brand')}</span>
          <select
            className="field"
            value={search.get('brand') ?? ''}
            onChange={(e) => setFilter('brand', e.target.value)}
          >
            <option value="">{t('floor.allBrands')}</option>
            {[...brands].map(([id, name]) => (
              <option key={id} value={id}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="space-y-1 text-sm">
          <span className="block">{t('floor.status')}</span>
          <select
            className="field"
            value={search.get('status') ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">{t('floor.allStatuses')}</option>
            {statuses.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ApprovalsQueue threshold={floor.data?.handPayApprovalAbove ?? null} />
      <div className="grid gap-4 xl:grid-cols-[minmax(0,1fr)_28rem]">
        <section aria-label={t('floor.machines')} className="card overflow-x-auto p-0">
          {floor.isPending ? (
            <Loading />
          ) : floor.error && !floor.data ? (
            <Failed error={floor.error} onRetry={() => void floor.refetch()} />
          ) : (
            <MachineTable machines={floor.data?.machines ?? []} selected={machineId} />
          )}
        </section>
        {machineId && (
          <MachinePanel
            machineId={Number(machineId)}
            machine={chosen ?? all.data?.machines.find((m) => String(m.id) === machineId)}
            threshold={floor.data?.handPayApprovalAbove ?? null}
          />
        )}
      </div>
    </div>
  );
}
