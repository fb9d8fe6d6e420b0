// A player in a wait list must be around to take the machine: signing out (or being superseded)
// takes them out at once, and so does having no /notice tab open for WAIT_LIST_AWAY_SECONDS (a
// closed laptop, a lost connection that never came back). Counted from the /notice sockets: this
// instance's, and when the time is up those on every instance (a tab may be on another one).
import type { Server } from 'socket.io';
import type { Tokens } from '../auth/tokens';
import { playerRoom } from '../notice/hub';
import type { Clock, TimerHandle } from '../sessions/timers';
import type { WaitList } from './wait-list';

export function followWaitListPresence(
  nsp: ReturnType<Server['of']>,
  tokens: Pick<Tokens, 'on'>,
  waitList: WaitList,
  clock: Clock,
  awaySeconds: number,
  log: (err: unknown, msg: string) => void,
): void {
  const tabs = new Map<number, number>();
  const away = new Map<number, TimerHandle>();
  const leave = (playerId: number) =>
    void waitList.leave(playerId, 'away').catch((e) => log(e, 'wait list leave failed'));
  const arm = (playerId: number) => {
    if ((tabs.get(playerId) ?? 0) > 0 || away.has(playerId)) return;
    const timer = clock.setTimeout(() => {
      away.delete(playerId);
      if ((tabs.get(playerId) ?? 0) > 0) return;
      nsp
        .in(playerRoom(playerId))
        .fetchSockets()
        .then(
          (open) => {
            if (open.length === 0) leave(playerId);
          },
          // An instance that did not answer: asked again after another while.
          () => arm(playerId),
        );
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
      waitList.placeOf(playerId).then(
        (place) => place && arm(playerId),
        (e) => log(e, 'wait list read failed'),
      );
    });
  });
  waitList.on('joined', arm);
  tokens.on('ended', leave);
  tokens.on('superseded', leave);
}
