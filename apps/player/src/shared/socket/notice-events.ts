// What screens hear of the notification connection (§7): its events, by name, whether a screen
// that shows the lobby's live statuses and jackpots is on screen, and whether the server sends
// them (useLobbyPushesSince; the lobby's lists poll less while it does). The connection itself
// (./notice-socket.ts) loads once the first screen is up (issue 22, first load) and feeds these;
// listeners outlive its sockets, so they keep working across reconnects and token changes.
import type { NoticeServerEvents } from '@reelcast/protocol/notice';
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

/** An event the server pushes on /notice, and its payload. */
export type NoticeEventName = keyof NoticeServerEvents;
export type NoticePayload<E extends NoticeEventName> = Parameters<NoticeServerEvents[E]>[0];

type Handler = (payload: unknown) => void;

const listeners = new Map<string, Set<Handler>>();
/** Mounted screens that show the lobby's live statuses and jackpots. */
let lobbyWatchers = 0;
let lobbyWatchChanged = () => {};

/** Hands a pushed event to its listeners; one that throws does not stop the others. */
export function dispatchNotice(event: string, payload: unknown): void {
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

/** Whether a screen that shows the lobby's live statuses and jackpots is on screen. */
export function lobbyWatched(): boolean {
  return lobbyWatchers > 0;
}

/** The connection's way of hearing that lobbyWatched() may have changed. */
export function onLobbyWatchChange(changed: () => void): void {
  lobbyWatchChanged = changed;
}

/**
 * A screen that shows machine statuses or jackpots is on screen; returns the function that says
 * it is gone. Changes within one task are told once (a remount sends nothing).
 */
export function watchLobby(): () => void {
  lobbyWatchers++;
  queueMicrotask(() => lobbyWatchChanged());
  let stopped = false;
  return () => {
    if (stopped) return;
    stopped = true;
    lobbyWatchers--;
    queueMicrotask(() => lobbyWatchChanged());
  };
}

/** The lobby's live pushes while the component is mounted. */
export function useLobbyWatch(): void {
  useEffect(() => watchLobby(), []);
}

/**
 * When the lobby's pushes began (Date.now() as the server was asked for them, written once it
 * said yes); 0 while none come: no socket, lost or reconnecting, or the watch not acknowledged.
 */
export const useLobbyPushesSince = create(() => 0);
