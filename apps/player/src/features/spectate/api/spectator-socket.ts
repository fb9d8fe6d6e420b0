// A spectator's /machine socket (issue #18): after every (re)connection it sends `watch` with the
// token; it hears the viewer count and the machine's status (`spectate`) and the video's signals,
// and sends nothing to the machine but its video answer. The server refuses anything else.
import { ErrorCode } from '@reelcast/protocol/codes';
import type {
  AckError,
  InfoNotification,
  MachineClientEvents,
  MachineServerEvents,
  SignalFromClient,
  SignalFromServer,
  SpectateNotice,
} from '@reelcast/protocol/machine-socket';
import { MACHINE_NAMESPACE } from '@reelcast/protocol/socket-namespaces';
import { io, type Socket } from 'socket.io-client';
import { getSettings } from '../../../shared/settings';
import { socketTarget } from '../../../shared/socket/socket-url';

export type SpectatorSocket = Socket<MachineServerEvents, MachineClientEvents>;

export type SpectatorHandlers = {
  onWatching: (notice: SpectateNotice) => void;
  /** the watch was refused or ended by the server (code and its message) */
  onRefused: (error: Pick<AckError, 'code' | 'ErrorMessage'> & Partial<AckError>) => void;
  onSignal: (signal: SignalFromServer) => void;
  /** the connection dropped; socket.io reconnects by itself and the watch is sent again */
  onLost: () => void;
  /** TURN servers with this player's own credentials, from the watch's answer (before the offer) */
  onIceServers?: (servers: RTCIceServer[]) => void;
};

const watchTimeoutMs = 10_000;

function machineSocket(): SpectatorSocket {
  const { MACHINE_URL, API_URL } = getSettings();
  const { url, path } = socketTarget(MACHINE_URL, API_URL, MACHINE_NAMESPACE);
  return io(url, { path, transports: ['websocket'], autoConnect: false });
}

export class SpectatorClient {
  private readonly socket: SpectatorSocket;
  private closed = false;

  constructor(
    private readonly machineId: number,
    private readonly getToken: () => string | null,
    private readonly handlers: SpectatorHandlers,
    createSocket: () => SpectatorSocket = machineSocket,
  ) {
    this.socket = createSocket();
    this.socket.on('connect', () => void this.watch());
    this.socket.on('disconnect', () => !this.closed && handlers.onLost());
    this.socket.on('spectate', (notice) => !this.closed && handlers.onWatching(notice));
    this.socket.on('signal', (signal) => !this.closed && handlers.onSignal(signal));
    this.socket.on('info', (info: InfoNotification) => {
      if (this.closed) return;
      handlers.onRefused({ code: info.code, ErrorMessage: info.message });
    });
    this.socket.connect();
  }

  private async watch(): Promise<void> {
    const token = this.getToken();
    if (!token) return this.handlers.onRefused({ code: ErrorCode.unauthorized, ErrorMessage: '' });
    try {
      const ack = await this.socket
        .timeout(watchTimeoutMs)
        .emitWithAck('watch', { machineID: this.machineId, token });
      if (this.closed) return;
      if (ack.code !== ErrorCode.success) return this.handlers.onRefused(ack as AckError);
      const watched = ack as SpectateNotice & { iceServers?: RTCIceServer[] };
      if (watched.iceServers) this.handlers.onIceServers?.(watched.iceServers);
      this.handlers.onWatching(watched);
    } catch {
      // No answer in time: the connection is lost or about to be; the next connect sends it again.
    }
  }

  sendSignal(signal: SignalFromClient): void {
    this.socket.emit('signal', signal);
  }

  /** A fresh offer: the video's peer connection failed while the socket stayed up. */
  restartVideo(): void {
    this.socket.emit('video', {}, () => {});
  }

  close(): void {
    this.closed = true;
    this.socket.removeAllListeners();
    this.socket.disconnect();
  }
}
