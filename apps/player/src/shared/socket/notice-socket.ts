// The notification connection (§7): one socket.io connection to /notice while signed in. It opens
// after sign-in, closes on sign-out or when the token changes, and socket.io reconnects it by
// itself with back-off. Screens listen through ./notice-events.ts, which this module feeds: it
// loads once the first screen is up (issue 22, first load), with app/'s signed-in extras. Machine
// statuses and jackpots come only while a screen that shows them says so (useLobbyWatch): each
// socket is told after its init and whenever that changes, and useLobbyPushesSince says whether
// they come. A failure is logged only (§7).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { NoticeClientEvents, NoticeServerEvents } from '@reelcast/protocol/notice';
import { NOTICE_NAMESPACE } from '@reelcast/protocol/socket-namespaces';
import type { Socket } from 'socket.io-client';
import { afterFirstScreen } from '../first-screen';
import { getSettings } from '../settings';
import {
  dispatchNotice,
  lobbyWatched,
  onLobbyWatchChange,
  useLobbyPushesSince,
} from './notice-events';
import { socketTarget } from './socket-url';

const initTimeoutMs = 10_000;

export type NoticeSocket = Socket<NoticeServerEvents, NoticeClientEvents>;

export type NoticeStatus = 'connecting' | 'open' | 'lost' | 'closed';

/**
 * The connection of one token; `lobby` is whether its server side sends the lobby's pushes
 * (false on a new or reconnected socket; unset when a request of it failed, so it is told again).
 */
type Connection = { socket: NoticeSocket | null; token: string; lobby?: boolean };

let current: Connection | null = null;
let status: NoticeStatus = 'closed';

function setStatus(next: NoticeStatus): void {
  status = next;
}

export function noticeStatus(): NoticeStatus {
  return status;
}

/** Makes the socket; replaced in tests. */
export type NoticeSocketFactory = (token: () => string) => NoticeSocket | Promise<NoticeSocket>;

// socket.io-client is loaded on first use, after sign-in and once the first screen is up: the
// login screen and the lobby do not wait for it (the architecture test keeps it out of the entry
// chunk). The lobby's statuses and jackpots come with its own requests until it connects.
let createSocket: NoticeSocketFactory = async (token) => {
  await afterFirstScreen();
  const { io } = await import('socket.io-client');
  const { NOTICE_URL, API_URL } = getSettings();
  const { url, path } = socketTarget(NOTICE_URL, API_URL, NOTICE_NAMESPACE);
  return io(url, {
    path,
    // A function, so a reconnect sends the token of now; kept out of the URL and its logs.
    auth: (cb) => cb({ token: token() }),
    transports: ['websocket'],
    reconnectionDelay: 500,
    reconnectionDelayMax: 10_000,
  });
};

export function setNoticeSocketFactory(factory: NoticeSocketFactory): void {
  createSocket = factory;
}

/** Opens the connection for this token and player (closing any other first). */
export function connectNotice(token: string, playerId: number): void {
  if (current?.token === token) return;
  disconnectNotice();
  const mine: Connection = { socket: null, token, lobby: false };
  current = mine;
  setStatus('connecting');
  // Anything from a socket that is no longer the current one is ignored.
  const live = () => current === mine;
  void Promise.resolve(createSocket(() => token)).then(
    (socket) => {
      if (!live()) {
        socket.disconnect();
        return;
      }
      mine.socket = socket;
      wire(mine, socket, playerId, live);
    },
    (error) => {
      if (live()) setStatus('closed');
      console.warn('notice connection could not start', error);
    },
  );
}

function wire(mine: Connection, socket: NoticeSocket, playerId: number, live: () => boolean): void {
  let loggedFailure = false;
  socket.on('connect', () => {
    if (!live()) return;
    socket.timeout(initTimeoutMs).emit('init', { id: playerId }, (err, ack) => {
      if (!live()) return;
      if (err || ack.code !== ErrorCode.success) {
        console.warn('notice init refused', err ?? ack);
        return;
      }
      setStatus('open');
      loggedFailure = false;
      if ('balance' in ack) dispatchNotice('balance', ack.balance);
      tellLobby(mine);
    });
  });
  socket.on('disconnect', () => {
    // The server forgets a socket's rooms: the next init tells it again.
    mine.lobby = false;
    if (!live()) return;
    useLobbyPushesSince.setState(0);
    setStatus(socket.active ? 'lost' : 'closed');
  });
  socket.on('connect_error', (error) => {
    if (!live()) return;
    if (!loggedFailure) console.warn('notice connection failed', error.message);
    loggedFailure = true;
    setStatus(socket.active ? 'lost' : 'closed');
  });
  socket.onAny((event: string, payload: unknown) => {
    if (live()) dispatchNotice(event, payload);
  });
}

/** Tells an open connection whether the lobby is on screen, when that differs from what it knows. */
function tellLobby(connection: Connection | null): void {
  const watch = lobbyWatched();
  const socket = connection?.socket;
  if (!connection || !socket || status !== 'open' || connection.lobby === watch) return;
  connection.lobby = watch;
  const asked = Date.now();
  if (!watch) useLobbyPushesSince.setState(0);
  socket.timeout(initTimeoutMs).emit('lobby', { watch }, (err, ack) => {
    if (err || ack.code !== ErrorCode.success) {
      console.warn('notice lobby refused', err ?? ack);
      // Unknown to the server now: the next change or init tells it again.
      if (connection.lobby === watch) connection.lobby = undefined;
    } else if (watch && connection.lobby && current === connection) {
      // Pushes from the moment it was asked (anything earlier may have been missed).
      useLobbyPushesSince.setState(asked);
    }
  });
}

onLobbyWatchChange(() => tellLobby(current));

export function disconnectNotice(): void {
  const old = current;
  current = null;
  old?.socket?.removeAllListeners();
  old?.socket?.offAny();
  old?.socket?.disconnect();
  if (old) setStatus('closed');
  useLobbyPushesSince.setState(0);
}
