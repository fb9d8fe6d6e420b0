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

  /** Every signed-in tab of every player (machine status, jackpots). */
  broadcast<E extends keyof NoticeServerEvents>(event: E, ...payload: Push<E>): void {
    this.nsp.to(signedInRoom).emit(event, ...payload);
  }
}

/** Sockets that passed init: a broadcast never reaches an unauthenticated socket. */
export const signedInRoom = 'signed-in';
