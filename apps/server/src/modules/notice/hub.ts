// Where the rest of the server sends notifications for the /notice namespace. Built on the
// namespace (the socket server exists before the app's services, see plugins/external/sockets).
import type { NoticeClientEvents, NoticeServerEvents } from '@reelcast/protocol/notice';
import type { Namespace } from 'socket.io';

/** The /notice namespace, typed by the protocol's event maps. */
export type NoticeNamespace = Namespace<NoticeClientEvents, NoticeServerEvents>;

/** What the server pushes on /notice, each event with its payload. */
type Push<E extends keyof NoticeServerEvents> = Parameters<NoticeServerEvents[E]>;

/** The room holding every open /notice socket of one player (one per tab). */
export const playerRoom = (playerId: number) => `player:${playerId}`;

export class NoticeHub {
  constructor(private readonly nsp: NoticeNamespace) {}

  /** Every open tab of the player. */
  toPlayer<E extends keyof NoticeServerEvents>(
    playerId: number,
    event: E,
    ...payload: Push<E>
  ): void {
    this.nsp.to(playerRoom(playerId)).emit(event, ...payload);
  }

  /**
   * Every tab whose lobby is on screen (machine statuses, jackpots). One emit to the room:
   * socket.io encodes the packet once for all its sockets.
   */
  toLobby<E extends keyof NoticeServerEvents>(event: E, ...payload: Push<E>): void {
    this.nsp.to(lobbyRoom).emit(event, ...payload);
  }
}

/**
 * Sockets that passed init and said their lobby is on screen (`lobby {watch: true}`): the only
 * ones the floor's news goes to. A tab on the game screen or its account pages gets none of it.
 */
export const lobbyRoom = 'lobby';
