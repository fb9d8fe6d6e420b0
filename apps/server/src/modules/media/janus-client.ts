// A client of Janus's WebSocket API (https://janus.conf.meetecho.com/docs/rest.html), with only
// what the VideoRoom needs here: a session kept alive, handles, requests answered by transaction
// (at once, or by an event after an ack), trickle, and the media events of each handle. Not
// janode, Meetecho's Node client: it imports unix-dgram, a C++ addon a machine with only Node and
// npm cannot build, for a Unix-socket transport this server never uses.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import WebSocket from 'ws';

/** A Janus answer to a request; `plugindata.data` for a plugin's. */
interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> };
  jsep?: { type: 'offer' | 'answer'; sdp: string };
  candidate?: { candidate?: string; sdpMid?: string; sdpMLineIndex?: number; completed?: boolean };
  reason?: string;
}

const REQUEST_TIMEOUT_MS = 10_000;
const KEEPALIVE_MS = 25_000;

export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`janus ${code}: ${reason}`);
  }
}

/** One WebSocket and one Janus session on it. Emits 'closed' when either is gone. */
export class JanusSession extends EventEmitter {
  private readonly waiting = new Map<
    string,
    {
      resolve: (m: JanusMessage) => void;
      reject: (e: Error) => void;
      timer: NodeJS.Timeout;
      /** a trickle's or keepalive's ack is its answer; a plugin message's comes after it */
      ackAnswers: boolean;
    }
  >();
  readonly handles = new Map<number, JanusHandle>();
  private id = 0;
  private keepalive: NodeJS.Timeout | null = null;

  private constructor(
    private readonly ws: WebSocket,
    private readonly apiSecret: string,
  ) {
    super();
  }

  static async connect(url: string, apiSecret: string): Promise<JanusSession> {
    const ws = new WebSocket(url, 'janus-protocol');
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    const session = new JanusSession(ws, apiSecret);
    ws.on('message', (raw) => session.receive(raw.toString()));
    ws.on('close', () => session.closed('connection closed'));
    ws.on('error', () => session.closed('connection error'));
    const created = await session.request({ janus: 'create' });
    session.id = created.data?.id ?? 0;
    session.keepalive = setInterval(
      () => void session.request({ janus: 'keepalive' }).catch(() => {}),
      KEEPALIVE_MS,
    );
    session.keepalive.unref();
    return session;
  }

  /** A request; resolves with its answer (the event after an ack, for an asynchronous one). */
  request(body: Record<string, unknown>): Promise<JanusMessage> {
    const transaction = randomUUID();
    const message = {
      ...body,
      transaction,
      apisecret: this.apiSecret,
      ...(this.id ? { session_id: this.id } : {}),
    };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new Error(`janus ${String(body.janus)}: no answer`));
      }, REQUEST_TIMEOUT_MS);
      const ackAnswers = body.janus === 'trickle' || body.janus === 'keepalive';
      this.waiting.set(transaction, { resolve, reject, timer, ackAnswers });
      this.ws.send(JSON.stringify(message), (err) => {
        if (!err) return;
        clearTimeout(timer);
        this.waiting.delete(transaction);
        reject(err);
      });
    });
  }

  async attach(plugin: string): Promise<JanusHandle> {
    const answer = await this.request({ janus: 'attach', plugin });
    const handle = new JanusHandle(this, answer.data?.id ?? 0);
    this.handles.set(handle.id, handle);
    return handle;
  }

  private receive(raw: string): void {
    let m: JanusMessage;
    try {
      m = JSON.parse(raw) as JanusMessage;
    } catch {
      return;
    }
    const pending = m.transaction ? this.waiting.get(m.transaction) : undefined;
    if (pending && (m.janus !== 'ack' || pending.ackAnswers)) {
      this.waiting.delete(m.transaction!);
      clearTimeout(pending.timer);
      const error = m.error ?? pluginError(m);
      if (error) pending.reject(new JanusError(error.code, error.reason));
      else pending.resolve(m);
      return;
    }
    if (pending) return; // the ack of a plugin message: its answer comes as an event
    if (m.sender) this.handles.get(m.sender)?.emit(m.janus, m);
  }

  private closed(why: string): void {
    if (this.keepalive) clearInterval(this.keepalive);
    this.keepalive = null;
    for (const { reject, timer } of this.waiting.values()) {
      clearTimeout(timer);
      reject(new Error(why));
    }
    this.waiting.clear();
    for (const handle of this.handles.values()) handle.emit('detached', {});
    this.handles.clear();
    this.emit('closed', why);
  }

  async destroy(): Promise<void> {
    await this.request({ janus: 'destroy' }).catch(() => {});
    this.ws.close();
  }
}

function pluginError(m: JanusMessage): { code: number; reason: string } | null {
  const data = m.plugindata?.data;
  if (!data || data.error_code === undefined) return null;
  return { code: Number(data.error_code), reason: String(data.error ?? 'plugin error') };
}

/**
 * A handle on a plugin. Emits Janus's events for it: 'webrtcup', 'hangup', 'media', 'trickle',
 * 'slowlink', 'detached' and the plugin's own 'event's.
 */
export class JanusHandle extends EventEmitter {
  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {
    super();
  }

  /** A plugin request; answers the plugin's data and the jsep, if any. */
  async message(
    body: Record<string, unknown>,
    jsep?: { type: 'offer' | 'answer'; sdp: string },
  ): Promise<{ data: Record<string, unknown>; jsep?: { type: 'offer' | 'answer'; sdp: string } }> {
    const request = this.session.request({
      janus: 'message',
      handle_id: this.id,
      body,
      ...(jsep ? { jsep } : {}),
    });
    const answer = await request;
    return { data: answer.plugindata?.data ?? {}, ...(answer.jsep ? { jsep: answer.jsep } : {}) };
  }

  /** An ICE candidate of the other side; null: it has no more. */
  async trickle(
    candidate: {
      candidate: string;
      sdpMid?: string | null | undefined;
      sdpMLineIndex?: number | null | undefined;
    } | null,
  ): Promise<void> {
    await this.session.request({
      janus: 'trickle',
      handle_id: this.id,
      candidate: candidate ?? { completed: true },
    });
  }

  async detach(): Promise<void> {
    this.session.handles.delete(this.id);
    await this.session.request({ janus: 'detach', handle_id: this.id });
  }
}
