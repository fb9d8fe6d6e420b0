// The notification connection (§7): one socket.io connection to /notice while signed in. It opens
// after sign-in, closes on sign-out or when the token changes, and socket.io reconnects it by
// itself with back-off. Screens listen through useNoticeEvent; listeners outlive the socket, so
// they keep working across reconnects and token changes. A failure is logged only (§7).
import { ErrorCode } from '@reelcast/protocol/codes';
import type { NoticeClientEvents, NoticeServerEvents } from '@reelcast/protocol/notice';
import { NOTICE_NAMESPACE } from '@reelcast/protocol/socket-namespaces';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import { getSettings } from '../settings';

const initTimeoutMs = 10_000;

export type NoticeSocket = Socket<NoticeServerEvents, NoticeClientEvents>;
/** An event the server pushes on /notice, and its payload. */
export type NoticeEventName = keyof NoticeServerEvents;
export type NoticePayload<E extends NoticeEventName> = Parameters<NoticeServerEvents[E]>[0];

type Handler = (payload: unknown) => void;

export type NoticeStatus = 'connecting' | 'open' | 'lost' | 'closed';

const listeners = new Map<string, Set<Handler>>();
let current: { socket: NoticeSocket | null; token: string } | null = null;
let status: NoticeStatus = 'closed';

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

// socket.io-client is loaded on first use, after sign-in: the login screen and the lobby's first
// paint do not wait for it (the architecture test keeps it out of the entry chunk).
let createSocket: NoticeSocketFactory = async (token) => {
  const { io } = await import('socket.io-client');
  return io(`${getSettings().API_URL}${NOTICE_NAMESPACE}`, {
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
  const mine: { socket: NoticeSocket | null; token: string } = { socket: null, token };
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
      wire(socket, playerId, live);
    },
    (error) => {
      if (live()) setStatus('closed');
      console.warn('notice connection could not start', error);
    },
  );
}

function wire(socket: NoticeSocket, playerId: number, live: () => boolean): void {
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
    });
  });
  socket.on('disconnect', () => {
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
