// 18820: the server is about to restart (SIGTERM) and closes every socket right after saying so.
// A tab on the game screen hears it on both of its sockets; one toast (by its id) says it once.
// The sockets then reconnect by themselves, and the game screen rejoins its slot session, whose
// credits the server kept.
import { InfoCode } from '@reelcast/protocol/codes';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import { i18n, translateCode } from '../i18n';
import { toast } from '../ui/toast';

export const serverRestartingToastId = 'server-restarting';
/** Longer than a plain toast: it explains the "connection lost" banner that follows. */
const serverRestartingToastMs = 10_000;

export const isServerRestarting = (info: { code: number }) =>
  info.code === InfoCode.serverRestarting;

export function showServerRestarting(info: InfoNotification): void {
  const message = translateCode(i18n.t, 'info', info.code, info.message, info.params);
  toast.info(message, { id: serverRestartingToastId, duration: serverRestartingToastMs });
}
