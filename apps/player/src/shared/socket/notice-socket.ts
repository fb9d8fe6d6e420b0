// The notification connection (§7): one socket.io connection to /notice while signed in. It opens
// after sign-in, closes on sign-out or when the token changes, and socket.io reconnects it by
// itself with back-off. Screens listen through useNoticeEvent; listeners outlive the socket, so
// they keep working across reconnects and token changes. Machine statuses and jackpots come only
// while a screen that shows them says so (useLobbyWatch): each socket is told after its init and
// whenever that changes. A failure is logged only (§7).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { NoticeClientEvents, NoticeServerEvents } from '@reelcast/protocol/notice';
import { NOTICE_NAMESPACE } from '@reelcast/protocol/socket-namespaces';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { afterFirstScreen } from '../first-screen';
import { getSettings } from '../settings';
import { socketTarget } from './socket-url';

const initTimeoutMs = 10_000;

export type NoticeSocket = Socket<NoticeServerEvents, NoticeClientEvents>;
/** An event the server pushes on /notice, and its payload. */
export type NoticeEventName = keyof NoticeServerEvents;
export type NoticePayload<E extends NoticeEventName> = Parameters<NoticeServerEvents[E]>[0];

type Handler = (payload: unknown) => void;

export type NoticeStatus = 'connecting' | 'open' | 'lost' | 'closed';

/**
 * The connection of one token; `lobby` is whether its server side sends the lobby's pushes
 * (false on a new or reconnected socket; unset when a request of it failed, so it is told again).
 */
type Connection = { socket: NoticeSocket | null; token: string; lobby?: boolean };

const listeners = new Map<string, Set<Handler>>();
let current: Connection | null = null;
let status: NoticeStatus = 'closed';
/** Mounted screens that show the lobby's live statuses and jackpots. */
let lobbyWatchers = 0;

function setStatus(next: NoticeStatus): void {
  status = next;
}

function dispatch(event: string, payload: unknown): void {
  for (const handler of listeners.get(event) ?? []) {
    try {
      handler(payload);
    } catch (error) {
      console.error(`notice ${event} handler failed`, error);
    }
  }
}

/** Listens for a server event on /notice; returns the function that stops listening. */
export function onNoticeEvent<E extends NoticeEventName>(
  event: E,
  handler: (payload: NoticePayload<E>) => void,
): () => void {
  let set = listeners.get(event);
  if (!set) {
    set = new Set();
    listeners.set(event, set);
  }
  const untyped = handler as Handler;
  set.add(untyped);
  return () => set.delete(untyped);
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
      if ('balance' in ack) dispatch('balance', ack.balance);
      tellLobby(mine);
    });
  });
  socket.on('disconnect', () => {
    // The server forgets a socket's rooms: the next init tells it again.
    mine.lobby = false;
    if (live()) setStatus(socket.active ? 'lost' : 'closed');
  });
  socket.on('connect_error', (error) => {
    if (!live()) return;
    if (!loggedFailure) console.warn('notice connection failed', error.message);
    loggedFailure = true;
    setStatus(socket.active ? 'lost' : 'closed');
  });
  socket.onAny((event: string, payload: unknown) => {
    if (live()) dispatch(event, payload);
  });
}

/** Tells an open connection whether the lobby is on screen, when that differs from what it knows. */
function tellLobby(connection: Connection | null): void {
  const watch = lobbyWatchers > 0;
  const socket = connection?.socket;
  if (!connection || !socket || status !== 'open' || connection.lobby === watch) return;
  connection.lobby = watch;
  socket.timeout(initTimeoutMs).emit('lobby', { watch }, (err, ack) => {
    if (err || ack.code !== ErrorCode.success) {
      console.warn('notice lobby refused', err ?? ack);
      // Unknown to the server now: the next change or init tells it again.
      if (connection.lobby === watch) connection.lobby = undefined;
    }
  });
}

/**
 * A screen that shows machine statuses or jackpots is on screen; returns the function that says
 * it is gone. Changes within one task are told once (a remount sends nothing).
 */
export function watchLobby(): () => void {
  lobbyWatchers++;
  queueMicrotask(() => tellLobby(current));
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    lobbyWatchers--;
    queueMicrotask(() => tellLobby(current));
  };
}

/** The lobby's live pushes while the component is mounted. */
export function useLobbyWatch(): void {
  useEffect(() => watchLobby(), []);
}

export function disconnectNotice(): void {
  const old = current;
  current = null;
  old?.socket?.removeAllListeners();
  old?.socket?.offAny();
  old?.socket?.disconnect();
  if (old) setStatus('closed');
}

/**
 * Runs handler for each `event` pushed on /notice while the component is mounted. The latest
 * handler is always the one called, so it may close over fresh props without re-subscribing.
 */
export function useNoticeEvent<E extends NoticeEventName>(
  event: E,
  handler: (payload: NoticePayload<E>) => void,
): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onNoticeEvent(event, (payload) => latest.current(payload)), [event]);
}
