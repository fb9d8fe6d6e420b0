// The lobby's reach into the machine sockets: kick tells every socket of the player's on the
// machine that it was removed (QUIT_REQUEST) and disconnects it; the slot session stays open.
import { errorMessages, InfoCode } from '@reelcast/protocol/codes';
import { MACHINE_NAMESPACE } from '@reelcast/protocol/machine-socket';
import type { Server } from 'socket.io';
import type { Kicker } from './service';

/** The kick over the /machine namespace; needs only the socket server, so the lobby gets it built. */
export function machineKicker(io: Server): Kicker {
  const nsp = io.of(MACHINE_NAMESPACE);
  return async (playerId, machineId) => {
    let kicked = 0;
    for (const socket of await nsp.in(`player:${playerId}`).fetchSockets()) {
      if (!socket.rooms.has(`machine:${machineId}`)) continue;
      socket.emit('info', {
        code: InfoCode.removed,
        params: { machineId },
        message: errorMessages[InfoCode.removed]!,
        action: 'QUIT_REQUEST',
      });
      socket.disconnect(true);
      kicked++;
    }
    return kicked;
  };
}
