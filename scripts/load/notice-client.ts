// A player's /notice socket, spoken straight over `ws`: engine.io protocol 4 and socket.io
// protocol 5, as socket.io-client 4.8 (engine.io-client 6.6, socket.io-parser 4.2) puts them on
// the wire, so the server sees the same upgrade, connect, events, acks and pongs. socket.io-client
// costs the generator its emitter chains, a decoder per socket and a JSON.parse of every push for
// every one of 10,000 players: here a push is only counted by its event's name unless the caller
// asks for its payload (its sampled watchers), and the rest of the bytes are never decoded.
//
// On the wire, one WebSocket text frame per engine.io packet:
//   server `0{"sid":…,"pingInterval":…}` open; `2` ping, answered `3`
//   client `40/notice,{"token":…}` connect; server `40/notice,{"sid":…}` or `44/notice,{"message":…}`
//   `42/notice,["event",…]` an event; `42/notice,7["init",…]` one that asks for ack 7, answered
//   `43/notice,7[…]`; `41/notice,` a disconnect, either way.
// No binary packets: nothing on /notice carries one.
import WebSocket from 'ws';

const CONNECT_TIMEOUT_MS = 20_000; // socket.io-client's Manager default

/** What an event's payload is handed to: its bytes, for the caller to decode if it wants. */
export type PushHandler = (frame: Buffer) => void;

export class NoticeSocket {
  /** `42/notice,`, `43/notice,`, `41/notice,`: an event's, an ack's and a disconnect's start */
  private readonly event: string;
  private readonly ack: string;
  private readonly bye: string;
  private nextAck = 0;
  private readonly acks = new Map<number, (args: unknown[]) => void>();
  /** by event name, its frame prefix as bytes: `42/notice,["name"` */
  private readonly handlers: Array<{ prefix: Buffer; handle: PushHandler }> = [];
  private connected = false;
  private closed = false;
  /** Why it ended, as socket.io-client names it; called once, only after it had connected. */
  onDisconnect: (reason: string) => void = () => {};

  private constructor(
    private readonly ws: WebSocket,
    namespace: string,
  ) {
    this.event = `42${namespace},`;
    this.ack = `43${namespace},`;
    this.bye = `41${namespace},`;
  }

  /** Opens the socket and joins the namespace with the given auth; rejects as socket.io-client. */
  static connect(base: string, namespace: string, auth: unknown): Promise<NoticeSocket> {
    const url = `${base.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`;
    // The options socket.io-client hands `ws` (engine.io-client's perMessageDeflate offer, which
    // the server declines); UTF-8 checks skipped: the pushes' bytes are mostly never read.
    const ws = new WebSocket(url, {
      perMessageDeflate: { threshold: 1024 },
      skipUTF8Validation: true,
    });
    const socket = new NoticeSocket(ws, namespace);
    return new Promise((resolve, reject) => {
      const fail = (message: string) => {
        clearTimeout(timer);
        socket.closed = true;
        ws.removeAllListeners();
        ws.on('error', () => {});
        ws.terminate();
        reject(new Error(message));
      };
      const timer = setTimeout(() => fail('timeout'), CONNECT_TIMEOUT_MS);
      ws.on('error', () =>
        socket.connected ? socket.end('transport error') : fail('websocket error'),
      );
      ws.on('close', () =>
        socket.connected ? socket.end('transport close') : fail('websocket error'),
      );
      ws.on('message', (data: Buffer) => {
        if (socket.connected) {
          socket.onFrame(data);
          return;
        }
        const text = data.toString();
        if (text[0] === '0') ws.send(`40${namespace},${JSON.stringify(auth)}`);
        else if (text[0] === '2') ws.send('3');
        else if (text.startsWith(`40${namespace},`)) {
          clearTimeout(timer);
          socket.connected = true;
          resolve(socket);
        } else if (text.startsWith(`44${namespace},`)) {
          const err = JSON.parse(text.slice(namespace.length + 3)) as { message?: string };
          fail(err.message ?? 'connect_error');
        }
      });
    });
  }

  /** Every frame of `event` is handed to `handle`, undecoded. */
  on(event: string, handle: PushHandler): void {
    const prefix = Buffer.from(`${this.event}["${event}"`);
    this.handlers.push({ prefix, handle });
  }

  /** A pushed frame's arguments, the event's name first: what socket.io-client would decode. */
  decode(frame: Buffer): unknown[] {
    return JSON.parse(frame.toString('utf8', this.event.length)) as unknown[];
  }

  /** An event that asks for an ack; resolves to the ack's first argument, rejects on timeout. */
  emitWithAck(event: string, payload: unknown, timeoutMs: number): Promise<unknown> {
    const id = this.nextAck++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.acks.delete(id);
        reject(new Error('operation has timed out'));
      }, timeoutMs);
      this.acks.set(id, (args) => {
        clearTimeout(timer);
        resolve(args[0]);
      });
      this.ws.send(`${this.event}${id}${JSON.stringify([event, payload])}`);
    });
  }

  /** As socket.io-client's disconnect(): the namespace's disconnect packet, then the close. */
  disconnect(): void {
    if (this.closed) return;
    this.closed = true;
    if (this.ws.readyState === WebSocket.OPEN) this.ws.send(this.bye);
    this.ws.close();
  }

  private end(reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.onDisconnect(reason);
  }

  private onFrame(data: Buffer): void {
    // Pushes first, by their bytes: most frames are a lobby-update.
    for (const h of this.handlers) {
      if (startsWith(data, h.prefix)) {
        h.handle(data);
        return;
      }
    }
    const text = data.toString();
    if (text === '2') {
      this.ws.send('3');
      return;
    }
    const ack = this.ack;
    if (text.startsWith(ack)) {
      const open = text.indexOf('[', ack.length);
      const id = Number(text.slice(ack.length, open));
      const done = this.acks.get(id);
      this.acks.delete(id);
      done?.(JSON.parse(text.slice(open)) as unknown[]);
    } else if (text === this.bye) {
      this.end('io server disconnect');
      this.ws.close();
    }
    // Other events (the init offer, which the bench never answers) are read and let go.
  }
}

function startsWith(data: Buffer, prefix: Buffer): boolean {
  if (data.length < prefix.length) return false;
  for (let i = 0; i < prefix.length; i++) if (data[i] !== prefix[i]) return false;
  return true;
}
