// Where the rest of the server sends notifications for the /notice namespace. It is created with
// the services, before the socket server exists; events sent before attach() are dropped (no one
// can be listening yet).
import type { Namespace } from 'socket.io';

/** The room holding every open /notice socket of one player (one per tab). */
export const playerRoom = (playerId: number) => `player:${playerId}`;

export class NoticeHub {
  private nsp: Namespace | null = null;

  attach(nsp: Namespace): void {
    this.nsp = nsp;
  }

  /** Every open tab of the player. */
  toPlayer(playerId: number, event: string, payload: unknown): void {
    this.nsp?.to(playerRoom(playerId)).emit(event, payload);
  }

  /** Every signed-in tab of every player (machine status, jackpots). */
  broadcast(event: string, payload: unknown): void {
    this.nsp?.to(signedInRoom).emit(event, payload);
  }
}

/** Sockets that passed init: a broadcast never reaches an unauthenticated socket. */
export const signedInRoom = 'signed-in';
