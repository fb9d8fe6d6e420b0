import { afterEach, describe, expect, it } from 'vitest';

/** The factory's socket arrives after a microtask (the library loads lazily). */
const settle = () => new Promise((r) => setTimeout(r, 0));

import {
  connectNotice,
  disconnectNotice,
  type NoticeSocket,
  noticeStatus,
  onNoticeEvent,
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
    ack(null, this.initAck);
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
  afterEach(() => disconnectNotice());

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
    const stop = onNoticeEvent('machine', (p) => heard.push(p));
    connectNotice('token-a', 5);
    connectNotice('token-a', 5);
    await settle();
    expect(made).toHaveLength(1);
    connectNotice('token-b', 5);
    await settle();
    expect(made).toHaveLength(2);
    expect(made[0]!.disconnected).toBe(true);
    made[0]!.push('machine', { id: 1 });
    made[1]!.push('machine', { id: 2 });
    expect(heard).toEqual([{ id: 2 }]);
    disconnectNotice();
    expect(made[1]!.disconnected).toBe(true);
    expect(noticeStatus()).toBe('closed');
    stop();
  });
});
