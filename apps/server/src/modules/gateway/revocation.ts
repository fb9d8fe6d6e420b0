// Both sockets end with the token that opened them: at its expiry, when it is revoked (renewed
// by /validate), when its sign-in ends (logout: the sockets of every token of that sign-in), and
// a superseded player (password changed, banned) loses every socket. A slot session on the
// machine stays open for its grace period.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims } from '@reelcast/protocol/http';
import type { Namespace, Socket } from 'socket.io';
import type { Tokens } from '../auth/tokens';

// setTimeout overflows past about 24.8 days and would fire at once.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Tells the tab why (40100) and closes the socket. */
function endSocket(socket: {
  emit(event: string, data: unknown): unknown;
  disconnect(close: boolean): unknown;
}): void {
  socket.emit('info', {
    code: ErrorCode.unauthorized,
    params: {},
    message: errorMessages[ErrorCode.unauthorized]!,
  });
  socket.disconnect(true);
}

/**
 * Ties a socket to the verified token it was let in with: its jti and sign-in go on
 * socket.data (what revocation matches on), and the socket is ended when the token expires.
 * Holding a newer token replaces the older one's timer.
 */
export function holdToken(socket: Socket, claims: TokenClaims): void {
  socket.data.jti = claims.jti;
  socket.data.sid = (claims as { sid?: string }).sid;
  clearTimeout(socket.data.tokenTimer);
  const delay = Math.max(0, Math.min(claims.exp * 1000 - Date.now(), MAX_TIMER_MS));
  socket.data.tokenTimer = setTimeout(() => endSocket(socket), delay);
  // One listener per socket, however many tokens it holds in turn (an init after each leave):
  // a listener per token piled up on a long-lived socket.
  if (!socket.data.tokenTimerCleared) {
    socket.data.tokenTimerCleared = true;
    socket.once('disconnect', () => clearTimeout(socket.data.tokenTimer));
  }
}

/** `roomOf(playerId)` is the room holding every socket of that player in the namespace. */
export function dropSocketsOnRevocation(
  nsp: Namespace,
  tokens: Tokens,
  roomOf: (playerId: number) => string,
): void {
  const drop = async (playerId: number, match?: { jti?: string; sid?: string }) => {
    for (const socket of await nsp.in(roomOf(playerId)).fetchSockets()) {
      if (match?.jti && socket.data.jti !== match.jti) continue;
      if (match?.sid && socket.data.sid !== match.sid) continue;
      endSocket(socket);
    }
  };
  tokens.on('revoked', (playerId, jti) => void drop(playerId, { jti }));
  tokens.on('ended', (playerId, sid) => void drop(playerId, { sid }));
  tokens.on('superseded', (playerId) => void drop(playerId));
}
