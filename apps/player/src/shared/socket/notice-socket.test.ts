import { afterEach, describe, expect, it, vi } from 'vitest';

/** The factory's socket arrives after a microtask (the library loads lazily). */
const settle = () => new Promise((r) => setTimeout(r, 0));

import { onNoticeEvent, useLobbyPushesSince, watchLobby } from './notice-events';
import {
  connectNotice,
  disconnectNotice,
  type NoticeSocket,
  noticeStatus,
  setNoticeSocketFactory,
} from './notice-socket';

/** Just enough of a socket.io client socket to play the server's part. */
class FakeSocket {
  handlers = new Map<string, (...args: unknown[]) => void>();
  anyHandler: ((event: string, payload: unknown) => void) | null = null;
  emitted: Array<{ event: string; payload: unknown }> = [];
  disconnected = false;
  active = true;
  initAck: unknown = { code: 20000, balance: { balance: 1_000, seq: 10 } };
  /** what `lobby` is answered, when not as init */
  lobbyAck: unknown = undefined;
  on(event: string, fn: (...args: unknown[]) => void) {
    this.handlers.set(event, fn);
    return this;
  }
  onAny(fn: (event: string, payload: unknown) => void) {
    this.anyHandler = fn;
    return this;
  }
  offAny() {
    this.anyHandler = null;
    return this;
  }
  removeAllListeners() {
    this.handlers.clear();
    return this;
  }
  timeout() {
    return this;
  }
  emit(event: string, payload: unknown, ack: (err: unknown, answer: unknown) => void) {
    this.emitted.push({ event, payload });
    ack(null, (event === 'lobby' && this.lobbyAck) || this.initAck);
    return this;
  }
  disconnect() {
    this.disconnected = true;
    return this;
  }
  /** the server side: connects, or pushes an event */
  connect() {
    this.handlers.get('connect')?.();
  }
  push(event: string, payload: unknown) {
    this.anyHandler?.(event, payload);
  }
  /** the connection is lost; socket.io reconnects the same socket */
  drop() {
    this.handlers.get('disconnect')?.();
  }
  /** what the client told the server about its lobby, in order */
  lobbyTold() {
    return this.emitted.filter((e) => e.event === 'lobby').map((e) => e.payload);
  }
}

function install() {
  const made: FakeSocket[] = [];
  const tokens: string[] = [];
  setNoticeSocketFactory((token) => {
    const s = new FakeSocket();
    made.push(s);
    tokens.push(token());
    return s as unknown as NoticeSocket;
  });
  return { made, tokens };
}

describe('notice socket', () => {
  afterEach(() => {
    disconnectNotice();
    vi.useRealTimers();
  });

  it('sends init with the player id and hands the balance it answers to listeners', async () => {
    const { made, tokens } = install();
    const heard: unknown[] = [];
    const stop = onNoticeEvent('balance', (p) => heard.push(p));
    connectNotice('token-a', 5);
    await settle();
    made[0]!.connect();
    expect(tokens).toEqual(['token-a']);
    expect(made[0]!.emitted).toEqual([{ event: 'init', payload: { id: 5 } }]);
    expect(noticeStatus()).toBe('open');
    made[0]!.push('balance', { balance: 900, seq: 11 });
    expect(heard).toEqual([
      { balance: 1_000, seq: 10 },
      { balance: 900, seq: 11 },
    ]);
    stop();
  });

  it('replaces the socket when the token changes and ignores the old one', async () => {
    const { made } = install();
    const heard: unknown[] = [];
    const stop = onNoticeEvent('lobby-update', (p) => heard.push(p));
    connectNotice('token-a', 5);
    connectNotice('token-a', 5);
    await settle();
    expect(made).toHaveLength(1);
    connectNotice('token-b', 5);
    await settle();
    expect(made).toHaveLength(2);
    expect(made[0]!.disconnected).toBe(true);
    made[0]!.push('lobby-update', { machines: [{ id: 1, status: 'playing' }], jackpots: [] });
    made[1]!.push('lobby-update', { machines: [{ id: 2, status: 'playing' }], jackpots: [] });
    expect(heard).toEqual([{ machines: [{ id: 2, status: 'playing' }], jackpots: [] }]);
    disconnectNotice();
    expect(made[1]!.disconnected).toBe(true);
    expect(noticeStatus()).toBe('closed');
    stop();
  });

  it('asks for the lobby’s pushes only while a lobby is on screen, after init and each reconnect', async () => {
    const { made } = install();
    connectNotice('token-a', 5);
    await settle();
    const socket = made[0]!;
    socket.connect();
    // Nothing on screen shows the lobby: the server is not asked for its pushes.
    expect(socket.lobbyTold()).toEqual([]);

    const stop = watchLobby();
    await settle();
    expect(socket.lobbyTold()).toEqual([{ watch: true }]);
    // A second screen showing it, or a remount within one task, tells the server nothing new.
    const stopOther = watchLobby();
    stopOther();
    stop();
    const again = watchLobby();
    await settle();
    expect(socket.lobbyTold()).toEqual([{ watch: true }]);

    // The server forgets a lost socket's rooms: its next init is followed by the lobby again.
    socket.drop();
    socket.connect();
    expect(socket.emitted.map((e) => e.event)).toEqual(['init', 'lobby', 'init', 'lobby']);
    expect(socket.lobbyTold()).toEqual([{ watch: true }, { watch: true }]);

    again();
    await settle();
    expect(socket.lobbyTold()).toEqual([{ watch: true }, { watch: true }, { watch: false }]);
    socket.drop();
    socket.connect();
    // With no lobby on screen a reconnect asks for nothing.
    expect(socket.lobbyTold()).toHaveLength(3);
  });

  it('says from when the lobby’s pushes come: once the watch is answered, none while lost or refused', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const since = () => useLobbyPushesSince.getState();
    const { made } = install();
    connectNotice('token-a', 5);
    await settle();
    const socket = made[0]!;
    const stop = watchLobby();
    expect(since()).toBe(0);
    socket.connect();
    // Asked for after init, and answered at once by the fake.
    expect(socket.lobbyTold()).toEqual([{ watch: true }]);
    expect(since()).toBe(1_000);

    vi.setSystemTime(5_000);
    socket.drop();
    expect(since()).toBe(0);
    socket.connect();
    expect(since()).toBe(5_000);

    // A refused watch is no watch.
    vi.setSystemTime(9_000);
    socket.lobbyAck = { code: 50000 };
    socket.drop();
    socket.connect();
    expect(socket.lobbyTold()).toHaveLength(3);
    expect(since()).toBe(0);

    socket.lobbyAck = undefined;
    socket.drop();
    socket.connect();
    expect(since()).toBe(9_000);
    stop();
    await settle();
    expect(since()).toBe(0);
    const again = watchLobby();
    await settle();
    expect(since()).toBe(9_000);
    disconnectNotice();
    expect(since()).toBe(0);
    again();
    expect(warn).toHaveBeenCalledWith('notice lobby refused', { code: 50000 });
    warn.mockRestore();
  });
});
