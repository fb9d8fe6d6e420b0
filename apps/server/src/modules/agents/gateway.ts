// The /agent namespace: machine agents dial out to the server here (packages/protocol agent.ts).
// The handshake carries the agent's id, secret and protocol version; everything after it is
// parsed with the protocol's schemas and checked against the cabinets assigned to the agent.
// Refusals are answered and logged (by agent id and event, never with the secret) and change
// nothing.
import {
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentCommand,
  type AgentEvent,
  type AgentGames,
  type AgentHello,
  type AgentVideoConfig,
  agentAuth,
  agentClientEvents,
  type CommandAck,
  commandAck,
  type VideoSignalFromAgent,
  videoSignalAck,
} from '@reelcast/protocol/agent';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Runner } from '../../db/client';
import { meterRepository } from '../floor/meter-store';
import { payloadAndAck } from '../gateway/event-args';
import { TokenBucket } from '../gateway/rate-limit';
import { checkAgent } from './credentials';
import { unrecordedMoney } from './money-check';
import type { AgentRegistry, ConnectedAgent } from './registry';
import type { AgentLink, RemoteCabinet } from './remote-cabinet';

/**
 * Messages a second an agent may send on average, per cabinet it hosts (bursts of twice that): a
 * cabinet in autoplay sends about 2.5 events a second (a game every 2 s: its start, its end and
 * their states), its meters every 5 s, its video's signalling. One budget for a whole agent, as
 * there was (200 a second), refused the events of 200 cabinets under load, and a refused game's
 * end is a game the server never records (bench:load at 10,000 players).
 */
const AGENT_MESSAGES_PER_CABINET = 10;
/** The least an agent gets, however few cabinets it hosts. */
const AGENT_MESSAGES_MIN = 200;
/** Failed handshakes a second from one address, bursts of twice that. */
const HANDSHAKE_FAILURES_PER_SECOND = 2;
/**
 * A command unanswered this long has failed for the seat that sent it (40901). The agent may
 * still have applied it: the request id makes a retry safe, and the next hello's meters show it.
 */
const COMMAND_TIMEOUT_MS = 5000;

const refusal = (code: number, detail?: string) => ({
  code,
  ErrorMessage: errorMessages[code] ?? 'Error',
  Params: detail ? { detail } : {},
});

/** A refused handshake as socket.io hands it to the client (`connect_error`, err.data). */
function refused(code: number, detail?: string): Error {
  const err = new Error(errorMessages[code] ?? 'Error') as Error & { data: unknown };
  err.data = refusal(code, detail);
  return err;
}

export interface AgentGatewayDeps {
  db: Runner;
  agents: AgentRegistry;
  /** the floor's cabinet of that machine when an agent hosts it */
  cabinet: (machineId: number) => RemoteCabinet | undefined;
  /** how agents send their cabinets' video (told at every hello) */
  video: () => AgentVideoConfig;
  /**
   * Several instances (issue #19): the machines' leases, taken at the hello before any cabinet
   * comes on line here, and let go when the agent leaves. None: this instance owns them all.
   */
  leases?: AgentLeases;
}

export interface AgentLeases {
  /** takes what it can of the machines within `limitMs`; answers the ones taken */
  claim(machineIds: number[], limitMs: number): Promise<number[]>;
  /** the cabinets are on line here with their leases: their seats come back here */
  adopted(machineIds: number[]): Promise<void>;
  agentGone(machineIds: number[]): void;
}

/**
 * How long a hello waits for the leases of a dead owner to run out; under the agent's 10 s wait
 * for the answer. Machines still held elsewhere then make the agent try again.
 */
const CLAIM_LIMIT_MS = 8000;

/**
 * On every hello: the cabinet's meters against the ledger (Σ Cash In − Σ Cash Out − Σ Hand Pay =
 * coin in − coin out − hand paid + credits). A mismatch holds the cabinet for an attendant and is
 * logged at error level for staff; nothing is corrected.
 */
async function reconcile(deps: AgentGatewayDeps, log: FastifyBaseLogger, cabinet: RemoteCabinet) {
  // After the hello's movements in doubt are settled: an undone one is no mismatch.
  await cabinet.settled();
  const m = cabinet.meters();
  const l = await meterRepository.ledgerTotals(deps.db, cabinet.machineId);
  const ledger = l.cashIn - l.cashOut - l.handPay;
  const meters = m.coinIn - m.coinOut - m.handPaid + m.currentCredits;
  if (ledger === meters) return;
  const reason = `meters ${meters} against ledger ${ledger}`;
  cabinet.holdForAttendant(reason);
  log.error({ machineId: cabinet.machineId, ledger, meters }, 'agent meters do not reconcile');
}

/**
 * Commands and video signalling to the agent over its socket; a malformed or missing answer is a
 * failure.
 */
function linkOf(socket: Socket): AgentLink {
  return {
    async command(c: AgentCommand): Promise<CommandAck> {
      const answer: unknown = await socket.timeout(COMMAND_TIMEOUT_MS).emitWithAck('command', c);
      const ack = commandAck.parse(answer);
      if (ack.requestId !== c.requestId) throw new Error('answer to another command');
      return ack;
    },
    gamesRecorded: (machineId, games) => socket.emit('games-recorded', { machineId, games }),
    startVideo: (v) => socket.emit('video-start', v),
    stopVideo: (viewerId) => socket.emit('video-stop', { viewerId }),
    async videoSignal(viewerId, signal) {
      const answer: unknown = await socket
        .timeout(COMMAND_TIMEOUT_MS)
        .emitWithAck('video-signal', { viewerId, signal });
      return videoSignalAck.parse(answer).ok;
    },
  };
}

export function attachAgentGateway(io: Server, deps: AgentGatewayDeps, log: FastifyBaseLogger) {
  const nsp = io.of(AGENT_NAMESPACE);
  const failures = new Map<string, TokenBucket>();
  // Addresses whose bucket has refilled are forgotten once many have failed: the map holds the
  // recent failures, not every address that ever failed a handshake.
  const forgetIdle = () => {
    if (failures.size < 1024) return;
    for (const [address, bucket] of failures) if (bucket.idle) failures.delete(address);
  };

  nsp.use((socket, next) => {
    const address = socket.handshake.address;
    const bucket = failures.get(address) ?? new TokenBucket(HANDSHAKE_FAILURES_PER_SECOND);
    const fail = (code: number, detail: string, agentId?: string) => {
      forgetIdle();
      failures.set(address, bucket);
      log.warn({ agentId, address, detail }, 'agent refused');
      if (!bucket.take()) return next(refused(ErrorCode.rateLimited));
      next(refused(code, detail));
    };
    const auth = agentAuth.safeParse(socket.handshake.auth);
    if (!auth.success) return fail(ErrorCode.invalidRequest, 'handshake');
    const { agentId, secret, version } = auth.data;
    if (version !== AGENT_PROTOCOL_VERSION) {
      return fail(
        ErrorCode.invalidRequest,
        `protocol version ${version}; this server speaks ${AGENT_PROTOCOL_VERSION}`,
        agentId,
      );
    }
    checkAgent(deps.db, agentId, secret).then(
      (check) => {
        if (!check.ok) return fail(ErrorCode.unauthorized, check.reason, agentId);
        socket.data.agentId = agentId;
        socket.data.assigned = check.machines;
        next();
      },
      (err) => {
        log.error({ err, agentId }, 'agent check failed');
        next(refused(ErrorCode.internal));
      },
    );
  });

  nsp.on('connection', (socket) => serveAgent(socket, deps, log));
  return nsp;
}

interface Connection {
  deps: AgentGatewayDeps;
  log: FastifyBaseLogger;
  agent: ConnectedAgent;
  /** the machines assigned to the agent at its handshake */
  assigned: number[];
  link: AgentLink;
  /** the cabinets this connection has said hello for */
  attached: RemoteCabinet[];
}

/**
 * A hello: the agent's cabinets that are its own come on line with what they say they are, their
 * meters are reconciled with the ledger, and the answer says how to send their video.
 */
async function greet(c: Connection, hello: AgentHello) {
  const { deps, log, agent } = c;
  const answer = deps.agents.hello(agent, hello, c.assigned);
  if (answer.refused.length > 0) {
    log.warn({ agentId: agent.id, refused: answer.refused }, 'agent named cabinets not its own');
  }
  if (deps.leases) {
    const taken = await deps.leases.claim(answer.accepted, CLAIM_LIMIT_MS);
    if (taken.length < answer.accepted.length) {
      log.warn(
        { agentId: agent.id, held: answer.accepted.filter((id) => !taken.includes(id)) },
        'machines still owned by another instance',
      );
      deps.leases.agentGone(taken);
      return null;
    }
  }
  for (const said of hello.cabinets) {
    const cabinet = answer.accepted.includes(said.machineId) && deps.cabinet(said.machineId);
    if (!cabinet) continue;
    const doubts = await unrecordedMoney(deps.db, said, cabinet.movingNow());
    if (doubts.length > 0) {
      log.warn({ machineId: said.machineId, doubts }, 'cabinet moved money the ledger lacks');
    }
    cabinet.attach(c.link, said, doubts);
    if (!c.attached.includes(cabinet)) c.attached.push(cabinet);
    reconcile(deps, log, cabinet).catch((err) =>
      log.error({ err, machineId: said.machineId }, 'reconciliation failed'),
    );
  }
  await deps.leases?.adopted(answer.accepted);
  const screens = answer.accepted.flatMap((machineId) => {
    const screen = deps.cabinet(machineId)?.screen;
    return screen ? [{ machineId, ...screen }] : [];
  });
  return { code: ErrorCode.success, ...answer, video: deps.video(), screens };
}

/** Answers a hello; false when it was not taken (the agent is told or sent to ask again). */
async function answerHello(
  socket: Socket,
  c: Connection,
  hello: AgentHello,
  ack: (a: unknown) => void,
): Promise<boolean> {
  try {
    const answer = await greet(c, hello);
    // Not all its machines could be taken: the agent comes back and asks again.
    if (!answer) {
      socket.disconnect(true);
      return false;
    }
    ack(answer);
    return true;
  } catch (err) {
    c.log.error({ err, agentId: c.agent.id }, 'agent hello failed');
    ack(refusal(ErrorCode.internal, 'hello failed'));
    return false;
  }
}

function serveAgent(socket: Socket, deps: AgentGatewayDeps, log: FastifyBaseLogger): void {
  const agentId = socket.data.agentId as string;
  const assigned = socket.data.assigned as number[];
  const agent: ConnectedAgent = {
    id: agentId,
    pid: 0,
    software: '',
    cabinets: [],
    connectedAt: new Date().toISOString(),
    disconnect: (reason) => {
      socket.emit('bye', { reason });
      socket.disconnect(true);
    },
  };
  deps.agents.connect(agent);
  log.info({ agentId, assigned }, 'agent connected');
  const bucket = new TokenBucket(
    Math.max(AGENT_MESSAGES_MIN, AGENT_MESSAGES_PER_CABINET * assigned.length),
  );
  const link = linkOf(socket);
  const attached: RemoteCabinet[] = [];
  let greeted = false;

  const refuse = (event: string, code: number, detail: string, ack: (a: unknown) => void) => {
    log.warn({ agentId, event, detail }, 'agent message refused');
    ack(refusal(code, detail));
  };

  for (const event of Object.keys(agentClientEvents) as (keyof typeof agentClientEvents)[]) {
    socket.on(event, (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck<unknown>(args);
      if (!bucket.take()) return refuse(event, ErrorCode.rateLimited, 'flood', ack);
      const parsed = agentClientEvents[event].safeParse(payload);
      if (!parsed.success) return refuse(event, ErrorCode.invalidRequest, 'malformed', ack);
      if (event === 'hello') {
        const hello = agentClientEvents.hello.parse(payload);
        const c = { deps, log, agent, assigned, link, attached };
        return void answerHello(socket, c, hello, ack).then((ok) => {
          greeted ||= ok;
        });
      }
      if (!greeted) return refuse(event, ErrorCode.invalidRequest, 'hello first', ack);
      if (event === 'video-signal') {
        // Only to a viewer of one of this connection's cabinets (the relay made its id).
        const { viewerId, signal } = parsed.data as VideoSignalFromAgent;
        const mine = attached.some(
          (c) => deps.agents.speaksFor(agent, c.machineId) && c.relay.fromAgent(viewerId, signal),
        );
        if (!mine) return refuse(event, ErrorCode.forbidden, 'not a viewer of its cabinets', ack);
        return ack({ code: ErrorCode.success });
      }
      const machineId = (parsed.data as { machineId?: number }).machineId;
      if (machineId !== undefined && !deps.agents.speaksFor(agent, machineId)) {
        return refuse(event, ErrorCode.forbidden, `machine ${machineId} is not this agent's`, ack);
      }
      const cabinet = machineId === undefined ? undefined : deps.cabinet(machineId);
      if (event === 'event' && cabinet) {
        const e = parsed.data as AgentEvent;
        cabinet.onEvent(e.seq, e.event);
      }
      if (event === 'games' && cabinet) cabinet.onJournal(parsed.data as AgentGames);
      if (event === 'meters' && cabinet) {
        cabinet.onMeters(
          (parsed.data as { meters: Parameters<RemoteCabinet['onMeters']>[0] }).meters,
        );
      }
      ack({ code: ErrorCode.success });
    });
  }
  socket.on('disconnect', (reason) => {
    for (const cabinet of attached) cabinet.detach(link);
    deps.leases?.agentGone(attached.map((c) => c.machineId));
    deps.agents.disconnected(agent);
    log.info({ agentId, reason }, 'agent disconnected');
  });
}
