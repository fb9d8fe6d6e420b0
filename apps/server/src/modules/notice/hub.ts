// Where the rest of the server sends notifications for the /notice namespace. Built on the
// namespace (the socket server exists before the app's services, see plugins/external/sockets).
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { NoticeClientEvents, NoticeServerEvents } from '@reelcast/protocol/notice';
import type { Namespace, Socket } from 'socket.io';

/** The /notice namespace, typed by the protocol's event maps. */
export type NoticeNamespace = Namespace<NoticeClientEvents, NoticeServerEvents>;
type NoticeSocket = Socket<NoticeClientEvents, NoticeServerEvents>;

/** What the server pushes on /notice, each event with its payload. */
type Push<E extends keyof NoticeServerEvents> = Parameters<NoticeServerEvents[E]>;

/** The room holding every open /notice socket of one player (one per tab). */
export const playerRoom = (playerId: number) => `player:${playerId}`;

/**
 * Sockets that passed init and said their lobby is on screen (`lobby {watch: true}`) are the only
 * ones the floor's news goes to; a tab on the game screen or its account pages gets none of it.
 * They are spread over this many rooms, and a push goes to one room per turn of the event loop:
 * each socket is a write (a system call) of its own, and 10,000 of them in one go held the loop
 * for ~170 ms (issue #16's profile), so every request that came in meanwhile waited that long.
 * With 10,000 watchers a room is ~80 sockets, ~1.3 ms of writes: a request waits that, not more.
 */
export const LOBBY_SHARDS = 128;
export const lobbyShard = (k: number) => `lobby:${k}`;

/**
 * CLUSTER: how an instance hands the floor's news to the others, each of which sends it to its
 * own watchers in slices (the adapter's own broadcast would write to all of them in one go).
 */
const LOBBY_ELSEWHERE = 'lobby:push';

export class NoticeHub {
  /** Pushes go out one after another, so every watcher gets them in the order they were made. */
  private lobbyQueue: Promise<void> = Promise.resolve();

  constructor(
    private readonly nsp: NoticeNamespace,
    private readonly opts: { cluster: boolean } = { cluster: false },
  ) {
    if (opts.cluster) {
      this.nsp.on(LOBBY_ELSEWHERE, (event: unknown, payload: unknown) => {
        if (typeof event === 'string') void this.fanOut(event, [payload]);
      });
    }
  }

  /** Every open tab of the player. */
  toPlayer<E extends keyof NoticeServerEvents>(
    playerId: number,
    event: E,
    ...payload: Push<E>
  ): void {
    this.nsp.to(playerRoom(playerId)).emit(event, ...payload);
  }

  /**
   * Every tab whose lobby is on screen (machine statuses, jackpots), on every instance; resolves
   * once this instance's watchers all have it.
   */
  toLobby<E extends keyof NoticeServerEvents>(event: E, ...payload: Push<E>): Promise<void> {
    if (this.opts.cluster) this.nsp.serverSideEmit(LOBBY_ELSEWHERE, event, payload[0]);
    return this.fanOut(event, payload);
  }

  /** This instance's lobby watchers (the other instances' are about as many: players spread). */
  lobbyWatchers(): number {
    let watchers = 0;
    for (let k = 0; k < LOBBY_SHARDS; k++) {
      watchers += this.nsp.adapter.rooms.get(lobbyShard(k))?.size ?? 0;
    }
    return watchers;
  }

  /** Starts or stops the floor's news for the socket: it joins the emptiest lobby room. */
  async watchLobby(socket: NoticeSocket, watch: boolean): Promise<void> {
    const current = [...socket.rooms].find((room) => room.startsWith('lobby:'));
    if (!watch) {
      if (current) await socket.leave(current);
      return;
    }
    if (current) return;
    let emptiest = 0;
    let fewest = Number.POSITIVE_INFINITY;
    for (let k = 0; k < LOBBY_SHARDS; k++) {
      const size = this.nsp.adapter.rooms.get(lobbyShard(k))?.size ?? 0;
      if (size < fewest) [emptiest, fewest] = [k, size];
    }
    await socket.join(lobbyShard(emptiest));
  }

  /** This instance's watchers, a room per turn; socket.io encodes the packet once per room. */
  private fanOut(event: string, payload: unknown[]): Promise<void> {
    const rooms = this.nsp.adapter.rooms;
    const sent = this.lobbyQueue.then(async () => {
      for (let k = 0; k < LOBBY_SHARDS; k++) {
        if (!rooms.has(lobbyShard(k))) continue;
        (this.nsp.local.to(lobbyShard(k)).emit as (e: string, ...a: unknown[]) => boolean)(
          event,
          ...payload,
        );
        await nextTurn();
      }
    });
    // A push that failed must not stop the ones after it; the lobby's polling makes it good.
    this.lobbyQueue = sent.catch(() => {});
    return this.lobbyQueue;
  }
}
