// Where the rest of the server sends notifications for the /notice namespace. Built on the
// namespace (the socket server exists before the app's services, see plugins/external/sockets).
import type { Namespace } from 'socket.io';

/** The room holding every open /notice socket of one player (one per tab). */
export const playerRoom = (playerId: number) => `player:${playerId}`;

export class NoticeHub {
  constructor(private readonly nsp: Namespace) {}

  /** Every open tab of the player. */
  toPlayer(playerId: number, event: string, payload: unknown): void {
    this.nsp.to(playerRoom(playerId)).emit(event, payload);
  }

  /** Every signed-in tab of every player (machine status, jackpots). */
  broadcast(event: string, payload: unknown): void {
    this.nsp.to(signedInRoom).emit(event, payload);
  }
}

/** Sockets that passed init: a broadcast never reaches an unauthenticated socket. */
export const signedInRoom = 'signed-in';
