import type { PlayerProfileAnswer } from '@reelcast/protocol/console-players';
// §6 permissions, group and type: everyone reads them, the admin changes them with a reason.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMay } from '../../../shared/auth/use-me';
import { ReasonDialog } from '../../../shared/ui/reason-dialog';
import { Failed, Loading } from '../../../shared/ui/states';
import { usePlayer } from '../api/get-player';
import { useSetPlayerAccess } from '../api/set-player-access';

/** '145, 12' → [145, 12]; null when a part is not a whole number. */
export function parsePermissions(text: string): number[] | null {
  const parts = text.split(/[\s,]+/).filter(Boolean);
  const ids = parts.map(Number);
  return ids.every((id) => Number.isInteger(id) && id > 0) ? [...new Set(ids)] : null;
}

function AccessList({ player: p }: { player: PlayerProfileAnswer }) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
      <dt className="text-ink-soft">{t('access.permissions')}</dt>
      <dd data-testid="player-permissions">{p.permissions.join(', ') || '—'}</dd>
      <dt className="text-ink-soft">{t('access.group')}</dt>
      <dd>{p.group}</dd>
      <dt className="text-ink-soft">{t('access.type')}</dt>
      <dd>{t(`players.type.${p.type}`)}</dd>
    </dl>
  );
}

export function PlayerAccess({ playerId }: { playerId: number }) {
  const { t } = useTranslation();
  const may = useMay();
  const player = usePlayer(playerId);
  const save = useSetPlayerAccess();
  const [editing, setEditing] = useState(false);
  const [permissions, setPermissions] = useState('');
  const [group, setGroup] = useState('');
  const [type, setType] = useState<'player' | 'operator'>('player');
  if (player.isPending) return <Loading />;
  if (player.error) return <Failed error={player.error} />;
  const p = player.data;
  const parsed = parsePermissions(permissions);
  const edit = () => {
    setPermissions(p.permissions.join(', '));
    setGroup(p.group);
    setType(p.type);
    setEditing(true);
  };
  return (
    <section className="card space-y-2">
      <AccessList player={p} />
      {may('playerAccess') && (
        <button type="button" className="btn-ghost" onClick={edit}>
          {t('access.edit')}
        </button>
      )}
      {editing && (
        <ReasonDialog
          title={t('access.edit')}
          confirmLabel={t('common.save')}
          ready={parsed !== null && group.trim() !== ''}
          onConfirm={(reason) =>
            save.mutateAsync({
              playerId,
              permissions: parsed ?? [],
              group: group.trim(),
              type,
              reason,
            })
          }
          onClose={() => setEditing(false)}
        >
          <label className="block space-y-1 text-sm">
            <span>{t('access.permissionsHint')}</span>
            <input
              className="field w-full"
              value={permissions}
              onChange={(e) => setPermissions(e.target.value)}
            />
          </label>
          <label className="block space-y-1 text-sm">
            <span>{t('access.group')}</span>
            <input
              className="field w-full"
              value={group}
              onChange={(e) => setGroup(e.target.value)}
            />
          </label>
          <label className="block space-y-1 text-sm">
            <span>{t('access.type')}</span>
            <select
              className="field w-full"
              value={type}
              onChange={(e) => setType(e.target.value as 'player' | 'operator')}
            >
              <option value="player">{t('players.type.player')}</option>
              <option value="operator">{t('players.type.operator')}</option>
            </select>
          </label>
        </ReasonDialog>
      )}
    </section>
  );
}
