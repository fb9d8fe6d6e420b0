// Both sockets end with the token that opened them: a token revoked while its socket is open
// (logout) ends that socket, and a superseded player (password changed, banned) loses every
// socket. A slot session on the machine stays open for its grace period.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { Namespace } from 'socket.io';
import type { Tokens } from '../auth/tokens';

/** `roomOf(playerId)` is the room holding every socket of that player in the namespace. */
export function dropSocketsOnRevocation(
  nsp: Namespace,
  tokens: Tokens,
  roomOf: (playerId: number) => string,
): void {
  const drop = async (playerId: number, jti?: string) => {
    for (const socket of await nsp.in(roomOf(playerId)).fetchSockets()) {
      if (jti && socket.data.jti !== jti) continue;
      socket.emit('info', {
        code: ErrorCode.unauthorized,
        params: {},
        message: errorMessages[ErrorCode.unauthorized]!,
      });
      socket.disconnect(true);
    }
  };
  tokens.on('revoked', (playerId, jti) => void drop(playerId, jti));
  tokens.on('superseded', (playerId) => void drop(playerId));
}
