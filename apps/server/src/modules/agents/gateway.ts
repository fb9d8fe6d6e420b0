// The /agent namespace: machine agents dial out to the server here (packages/protocol agent.ts).
// The handshake carries the agent's id, secret and protocol version; everything after it is
// parsed with the protocol's schemas and checked against the cabinets assigned to the agent.
// Refusals are answered and logged (by agent id and event, never with the secret) and change
// nothing.
import {
  AGENT_NAMESPACE,
  AGENT_PROTOCOL_VERSION,
  type AgentEvent,
  agentAuth,
  agentClientEvents,
} from '@reelcast/protocol/agent';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import type { Runner } from '../../db/client';
import { payloadAndAck } from '../gateway/event-args';
import { TokenBucket } from '../gateway/rate-limit';
import { checkAgent } from './credentials';
import type { AgentRegistry, ConnectedAgent } from './registry';

/** Events a second an agent may send on average (a floor of cabinets' events and meters). */
const AGENT_EVENTS_PER_SECOND = 200;
/** Failed handshakes a second from one address, bursts of twice that. */
const HANDSHAKE_FAILURES_PER_SECOND = 2;

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
  /** a cabinet's event from the agent that speaks for it */
  onEvent?: (agentId: string, e: AgentEvent) => void;
}

export function attachAgentGateway(io: Server, deps: AgentGatewayDeps, log: FastifyBaseLogger) {
  const nsp = io.of(AGENT_NAMESPACE);
  const failures = new Map<string, TokenBucket>();

  nsp.use((socket, next) => {
    const address = socket.handshake.address;
    const bucket = failures.get(address) ?? new TokenBucket(HANDSHAKE_FAILURES_PER_SECOND);
    const fail = (code: number, detail: string, agentId?: string) => {
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
  const bucket = new TokenBucket(AGENT_EVENTS_PER_SECOND);
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
        greeted = true;
        const hello = agentClientEvents.hello.parse(payload);
        const answer = deps.agents.hello(agent, hello, assigned);
        if (answer.refused.length > 0) {
          log.warn({ agentId, refused: answer.refused }, 'agent named cabinets not its own');
        }
        return ack({ code: ErrorCode.success, ...answer });
      }
      if (!greeted) return refuse(event, ErrorCode.invalidRequest, 'hello first', ack);
      const machineId = (parsed.data as { machineId?: number }).machineId;
      if (machineId !== undefined && !deps.agents.speaksFor(agent, machineId)) {
        return refuse(event, ErrorCode.forbidden, `machine ${machineId} is not this agent's`, ack);
      }
      if (event === 'event') deps.onEvent?.(agentId, parsed.data as AgentEvent);
      ack({ code: ErrorCode.success });
    });
  }
  socket.on('disconnect', (reason) => {
    deps.agents.disconnected(agent);
    log.info({ agentId, reason }, 'agent disconnected');
  });
}
