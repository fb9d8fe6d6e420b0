// The machine socket's states and every move between them (STYLE, real-time after tldraw
// sync-core), as a pure function so the whole table is tested on its own:
//   connecting → open      the server accepted init
//   open       → lost      the transport dropped; socket.io reconnects with back-off
//   lost       → open      joined again on the new connection (a fresh server socket)
//   any        → closed    refused, ended by the server, or left: nothing comes back from closed.

export type ConnectionStatus = 'connecting' | 'open' | 'lost' | 'closed';

export type ConnectionEvent =
  /** init was accepted */
  | 'joined'
  /** the transport dropped; socket.io will try again */
  | 'dropped'
  /** a reconnection attempt failed; socket.io will try again after its back-off */
  | 'attemptFailed'
  /** refused, disconnected by the server for good, or closed by the player */
  | 'ended';

export function nextStatus(status: ConnectionStatus, event: ConnectionEvent): ConnectionStatus {
  if (status === 'closed') return 'closed';
  switch (event) {
    case 'joined':
      return 'open';
    case 'dropped':
      return 'lost';
    case 'attemptFailed':
      // Before the first join the screen still says it is connecting.
      return status === 'open' ? 'lost' : status;
    case 'ended':
      return 'closed';
  }
}

/**
 * socket.io's reconnection back-off for the machine socket (its defaults, written down): the
 * n-th attempt waits min(1 s · 2^n, 5 s), each ±50 % at random so a floor of players dropped at
 * once does not come back at once.
 */
export const reconnectBackOff = {
  reconnectionDelay: 1_000,
  reconnectionDelayMax: 5_000,
  randomizationFactor: 0.5,
} as const;
