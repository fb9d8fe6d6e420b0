// The player's place as the server pushes it (`wait-list` on /notice), written into the wait
// list's query so every screen that shows it follows; a place the player lost is said once.
import { useTranslation } from '../../../shared/i18n';
import { useQueryClient } from '../../../shared/query/query-client-provider';
import { useNoticeEvent } from '../../../shared/socket/notice-events';
import { toast } from '../../../shared/ui/toast';
import { waitListQueryKey } from '../api/get-wait-list';

export function useWaitListLive(): void {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  useNoticeEvent('wait-list', (notice) => {
    if (notice.state !== 'left') {
      queryClient.setQueryData(waitListQueryKey, notice);
      return;
    }
    queryClient.setQueryData(waitListQueryKey, null);
    if (notice.reason === 'missed') toast.error(t('waitList.missed'));
    else if (notice.reason === 'away') toast.error(t('waitList.away'));
  });
}
