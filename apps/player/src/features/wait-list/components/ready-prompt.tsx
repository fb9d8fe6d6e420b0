// The ready prompt (issue #18): the machine the player waited for is free and held for them for
// a few seconds. Sit down opens its game screen; Pass gives it to the next in line. Mounted once
// while signed in, on every screen; it also keeps the player's place live (use-wait-list-live).

import { useEffect, useState } from 'react';
import { useTranslation } from '../../../shared/i18n';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useNavigate } from '../../../shared/router';
import { ModalDialog } from '../../../shared/ui/modal-dialog';
import { useOfferedMachine } from '../api/get-machine';
import { useWaitList, waitListQueryKey } from '../api/get-wait-list';
import { useLeaveWaitList } from '../api/leave-wait-list';
import { useWaitListLive } from '../hooks/use-wait-list-live';

function useSecondsUntil(iso: string | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!iso) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [iso]);
  return iso ? Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000)) : 0;
}

function Prompt({ machineId, expiresAt }: { machineId: number; expiresAt: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const machine = useOfferedMachine(machineId).data;
  const leave = useLeaveWaitList();
  const seconds = useSecondsUntil(expiresAt);
  const name = machine?.name ?? `#${machineId}`;
  return (
    <ModalDialog labelledBy="ready-title" describedBy="ready-text">
      <div
        data-testid="ready-prompt"
        className="flex max-w-sm flex-col gap-4 rounded-2xl border border-gold bg-floor-raised p-5 text-ink"
      >
        <h2 id="ready-title" className="text-lg font-semibold text-gold">
          {t('waitList.readyTitle')}
        </h2>
        <p id="ready-text" aria-live="assertive">
          {t('waitList.readyText', { name, seconds })}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-gold flex-1"
            onClick={() => {
              // The server takes the player out of the line once seated; the prompt goes now.
              queryClient.setQueryData(waitListQueryKey, null);
              navigate(`/game/${machineId}/${encodeURIComponent(name)}`);
            }}
          >
            {t('waitList.sit')}
          </button>
          <button
            type="button"
            className="btn-ghost flex-1"
            disabled={leave.isPending}
            onClick={() => leave.mutate()}
          >
            {t('waitList.pass')}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

export function ReadyPrompt() {
  useWaitListLive();
  const place = useWaitList().data;
  if (place?.state !== 'ready' || !place.expiresAt) return null;
  return <Prompt key={place.expiresAt} machineId={place.machineId} expiresAt={place.expiresAt} />;
}
