// The simulation's clients: HTTP calls as a player or as staff, and a player's /machine socket.
// Every call settles: a dead server is an error answer (status 0), never a hang.
import { io, type Socket } from 'socket.io-client';

export interface Answer {
  /** HTTP status, or 0 when no answer came (connection refused or reset, timed out) */
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the simulation reads what each route answers
  body: any;
}

const TIMEOUT_MS = 8_000;

export async function call(
  base: string,
  method: 'GET' | 'POST',
  path: string,
  token?: string,
  body?: unknown,
): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: kept as text
    }
    return { status: res.status, body: parsed };
  } catch (e) {
    return { status: 0, body: String(e) };
  }
}

export async function signIn(base: string, username: string, password: string) {
  const a = await call(base, 'POST', '/login', undefined, { username, password, site_id: 0 });
  return a.status === 200 ? (a.body.token as string) : null;
}

/** An acknowledgement's code, or 0 when none came (the socket or the server went away). */
export type AckAnswer = { code: number } & Record<string, unknown>;

export class MachineSocket {
  readonly socket: Socket;
  /** the last `machine` state pushed for the seat */
  status = '';
  /** why the connection failed, when it did */
  failure = '';

  constructor(base: string) {
    this.socket = io(`${base}/machine`, {
      transports: ['websocket'],
      reconnection: false,
      timeout: TIMEOUT_MS,
    });
    this.socket.on('machine', (m: { status: string }) => {
      this.status = m.status;
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  async ready(): Promise<boolean> {
    if (this.socket.connected) return true;
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        this.socket.off('connect', yes);
        this.socket.off('connect_error', no);
        clearTimeout(timer);
        resolve(ok);
      };
      const yes = () => done(true);
      const no = (e?: Error) => {
        this.failure = e?.message ?? 'timeout';
        done(false);
      };
      const timer = setTimeout(no, TIMEOUT_MS);
      this.socket.once('connect', yes);
      this.socket.once('connect_error', no);
    });
  }

  /** Sends the event; settles with its acknowledgement, or code 0 on a lost socket or timeout. */
  request(event: string, payload: unknown): Promise<AckAnswer> {
    return new Promise((resolve) => {
      if (!this.socket.connected) return resolve({ code: 0 });
      const done = (a: AckAnswer) => {
        this.socket.off('disconnect', lost);
        clearTimeout(timer);
        resolve(a);
      };
      const lost = () => done({ code: 0 });
      const timer = setTimeout(lost, TIMEOUT_MS);
      this.socket.once('disconnect', lost);
      this.socket.emit(event, payload, (a: AckAnswer) => done(a));
    });
  }

  close(): void {
    this.socket.disconnect();
  }
}
