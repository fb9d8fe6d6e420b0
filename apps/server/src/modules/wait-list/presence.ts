// A player in a wait list must be around to take the machine: signing out (or being superseded)
// takes them out at once, and so does having no /notice tab open for WAIT_LIST_AWAY_SECONDS (a
// closed laptop, a lost connection that never came back). Counted from the /notice sockets.
import type { Server } from 'socket.io';
import type { Tokens } from '../auth/tokens';
import type { Clock, TimerHandle } from '../sessions/timers';
import type { WaitList } from './wait-list';

export function followWaitListPresence(
  nsp: ReturnType<Server['of']>,
  tokens: Pick<Tokens, 'on'>,
  waitList: WaitList,
  clock: Clock,
  awaySeconds: number,
): void {
  const tabs = new Map<number, number>();
  const away = new Map<number, TimerHandle>();
  const arm = (playerId: number) => {
    if ((tabs.get(playerId) ?? 0) > 0 || away.has(playerId)) return;
    const timer = clock.setTimeout(() => {
      away.delete(playerId);
      if ((tabs.get(playerId) ?? 0) === 0) void waitList.leave(playerId, 'away');
    }, awaySeconds * 1000);
    away.set(playerId, timer);
  };
  nsp.on('connection', (socket) => {
    const playerId = (socket.data.claims as { id?: number } | undefined)?.id;
    if (typeof playerId !== 'number') return;
    tabs.set(playerId, (tabs.get(playerId) ?? 0) + 1);
    const timer = away.get(playerId);
    if (timer) clock.clearTimeout(timer);
    away.delete(playerId);
    socket.on('disconnect', () => {
      const left = (tabs.get(playerId) ?? 1) - 1;
      if (left > 0) return void tabs.set(playerId, left);
      tabs.delete(playerId);
      if (waitList.placeOf(playerId)) arm(playerId);
    });
  });
  waitList.on('joined', arm);
  const signedOut = (playerId: number) => void waitList.leave(playerId, 'away');
  tokens.on('ended', signedOut);
  tokens.on('superseded', signedOut);
}
