import { useNoticeConnection } from '../shared/socket/use-notice-connection';

/** The notification connection for the whole signed-in app (§7); renders nothing. */
export function NoticeConnection() {
  useNoticeConnection();
  return null;
}
