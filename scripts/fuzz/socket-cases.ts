// Socket cases: an event of /machine, /notice or /agent with a payload generated from its schema,
// sent by one of the four callers over socket.io on loopback, with or without an
// acknowledgement, alone or in a burst; and /notice and /agent handshakes with tokens or secrets
// that are none. On /agent every caller is the fuzz's one registered agent, after its hello.
import { AGENT_PROTOCOL_VERSION } from '@reelcast/protocol/agent';
import { io as connect, type Socket } from 'socket.io-client';
import type { z } from 'zod';
import { ackProblem, type Finding, refusalProblem } from './checks';
import type { Identities, Who } from './identities';
import type { Rng } from './random';
import { generate, hostileString, type Known } from './values';

export interface EventInfo {
  namespace: '/machine' | '/notice' | '/agent';
  event: string;
  schema: z.ZodType;
}

export interface SocketCase {
  kind: 'socket';
  namespace: EventInfo['namespace'];
  who: Who;
  event: string;
  /** the payload's arguments, TOKEN standing for the caller's token */
  args: unknown[];
  ack: boolean;
  burst: number;
  /** a /notice handshake with this in place of a token, instead of an event */
  handshake?: string;
}

export const TOKEN = '@@caller-token@@';
const ACK_TIMEOUT_MS = 10_000;

export function buildSocketCase(info: EventInfo, rng: Rng, known: Known): SocketCase {
  const who = rng.pick<Who>(['guest', 'player', 'other', 'staff']);
  const mutation = rng.pick([0, 0, 0, 0.05, 0.15, 0.4, 0.8]);
  const base = { kind: 'socket' as const, namespace: info.namespace, who, ack: rng.chance(0.95) };
  const handshake = info.namespace === '/notice' || info.namespace === '/agent';
  if (handshake && (who === 'guest' || rng.chance(0.05))) {
    return {
      ...base,
      event: 'connect',
      args: [],
      burst: 1,
      handshake: rng.chance(0.2) ? '' : hostileString(rng),
    };
  }
  const payload = generate(info.schema, rng, { mutation, known: { ...known, token: TOKEN } });
  let args: unknown[] = [payload];
  const shape = rng.int(20);
  if (shape === 0)
    args = []; // no payload at all: the acknowledgement comes first
  else if (shape === 1) args = [Buffer.from(hostileString(rng))];
  else if (shape === 2) args = [payload, hostileString(rng), 7];
  // Names the server has no handler for; socket.io's reserved names cannot be sent at all.
  const event = rng.chance(0.04)
    ? rng.pick(['', 'constructor', '__proto__', 'admin', 'toString', hostileString(rng)])
    : info.event;
  return { ...base, event, args, burst: rng.chance(0.05) ? rng.between(5, 60) : 1 };
}

export function describeSocketCase(c: SocketCase): string {
  if (c.handshake !== undefined)
    return `${c.namespace} handshake as ${c.who} with token ${JSON.stringify(c.handshake).slice(0, 200)}`;
  const args = c.args.map((a) =>
    Buffer.isBuffer(a) ? `<${a.length} bytes>` : JSON.stringify(a)?.slice(0, 300),
  );
  return `${c.namespace} ${JSON.stringify(c.event).slice(0, 100)} as ${c.who} (${args.join(', ')})${c.ack ? '' : ' without ack'}${c.burst > 1 ? `, ×${c.burst} at once` : ''}`;
}

/** The caller's token where the case has TOKEN: the payload itself or its `token` field. */
function withToken(value: unknown, token: string): unknown {
  if (value === TOKEN) return token;
  if (value && typeof value === 'object' && (value as { token?: unknown }).token === TOKEN) {
    return { ...(value as object), token };
  }
  return value;
}

/** One connected client per caller and namespace, made again when the server dropped it. */
export class SocketPool {
  private readonly sockets = new Map<string, Socket>();

  constructor(
    private readonly origin: string,
    private readonly identities: Identities,
  ) {}

  async get(namespace: string, who: Who): Promise<Socket> {
    // One agent, one connection: a second one of the same agent would replace the first.
    const key = namespace === '/agent' ? namespace : `${namespace}:${who}`;
    const held = this.sockets.get(key);
    if (held?.connected) return held;
    held?.close();
    if (namespace === '/agent') {
      const agent = await this.identities.agent();
      const socket = await open(`${this.origin}${namespace}`, agent.auth);
      await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('hello', agent.hello);
      this.sockets.set(key, socket);
      return socket;
    }
    const auth: Record<string, string> =
      namespace === '/notice' && who !== 'guest' ? { token: await this.identities.token(who) } : {};
    const socket = await open(`${this.origin}${namespace}`, auth);
    this.sockets.set(key, socket);
    return socket;
  }

  closeAll(): void {
    for (const s of this.sockets.values()) s.close();
    this.sockets.clear();
  }
}

/**
 * A connected socket, or the error its handshake was refused with. A handshake too big for the
 * server's buffer is dropped without an answer: that closes the connection, a refusal too.
 */
function open(url: string, auth: Record<string, unknown>): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnection: false,
      auth,
    });
    const fail = (e: unknown) => {
      clearTimeout(timer);
      socket.close();
      reject(e);
    };
    const timer = setTimeout(() => fail(new Error('handshake not answered')), ACK_TIMEOUT_MS);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once('connect_error', fail);
    socket.io.once('close', () =>
      fail(Object.assign(new Error('connection closed'), { dropped: true })),
    );
  });
}

/** The handshake must be refused, with its reason in the catalogue's shape. */
async function runHandshake(
  origin: string,
  c: SocketCase,
  report: (f: Omit<Finding, 'index'>) => void,
) {
  try {
    const secret = c.handshake ?? '';
    const auth =
      c.namespace === '/agent'
        ? { agentId: 'fuzz-agent', secret, version: AGENT_PROTOCOL_VERSION }
        : { token: secret };
    const socket = await open(`${origin}${c.namespace}`, auth);
    socket.close();
    report({ kind: 'refusal-shape', detail: 'a handshake without valid credentials was let in' });
  } catch (e) {
    if ((e as { dropped?: boolean }).dropped) return;
    const data = (e as { data?: unknown }).data;
    const problem = refusalProblem(data);
    if (problem) report({ kind: 'refusal-shape', detail: `handshake refusal: ${problem}` });
  }
}

/** Sends the event and waits for its acknowledgement, or for the server to drop the socket. */
function emitOnce(socket: Socket, c: SocketCase, args: unknown[]): Promise<unknown> {
  if (!c.ack) {
    socket.emit(c.event, ...args);
    return Promise.resolve(undefined);
  }
  return new Promise((resolve) => {
    // Dropped by the server meanwhile (a bad token's init ends the socket 50 ms later) is no
    // answer by design; only a socket still open that never answers is a finding.
    const timer = setTimeout(
      () => finish(socket.connected ? { noAnswer: true } : undefined),
      ACK_TIMEOUT_MS,
    );
    const dropped = () => finish(undefined);
    function finish(v: unknown) {
      clearTimeout(timer);
      socket.off('disconnect', dropped);
      resolve(v);
    }
    socket.once('disconnect', dropped);
    socket.emit(c.event, ...args, (ack: unknown) => finish({ ack }));
  });
}

export async function runSocketCase(
  pool: SocketPool,
  origin: string,
  identities: Identities,
  c: SocketCase,
  report: (f: Omit<Finding, 'index'>) => void,
): Promise<void> {
  if (c.handshake !== undefined) return runHandshake(origin, c, report);
  const socket = await pool.get(c.namespace, c.who);
  const token = c.who === 'guest' ? 'not-a-token' : await identities.token(c.who);
  const args = c.args.map((a) => withToken(a, token));
  // Events the server has no handler for get no answer by design: sent, not waited for.
  const answered = {
    ...c,
    ack: c.ack && c.event === c.event.trim() && isKnown(c.namespace, c.event),
  };
  const results = await Promise.all(
    Array.from({ length: c.burst }, () => emitOnce(socket, answered, args)),
  );
  for (const r of results) {
    if (r === undefined) continue;
    if ((r as { noAnswer?: boolean }).noAnswer) {
      report({ kind: 'no-answer', detail: `no acknowledgement in ${ACK_TIMEOUT_MS} ms` });
      continue;
    }
    const problem = ackProblem((r as { ack: unknown }).ack);
    if (problem) report(problem);
  }
}

const knownEvents = new Set<string>();
export function setKnownEvents(events: EventInfo[]): void {
  for (const e of events) knownEvents.add(`${e.namespace}:${e.event}`);
}
function isKnown(namespace: string, event: string): boolean {
  return knownEvents.has(`${namespace}:${event}`);
}
