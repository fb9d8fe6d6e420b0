// The socket protocols in one document, docs/socket-protocol.md, written from the same schemas the
// server parses and types its events with (`npm run docs:protocol`). A namespace is one entry of
// socketProtocols; socket-doc.test.ts keeps the committed document equal to this output.
import { z } from 'zod';
import {
  AGENT_NAMESPACE,
  agentAuth,
  agentClientEvents,
  agentHelloAnswer,
  agentServerEvents,
  commandAck,
} from './agent';
import { ErrorCode } from './codes';
import {
  ackError,
  MACHINE_NAMESPACE,
  machineAckBodies,
  machineClientEvents,
  machineServerEvents,
} from './machine-socket';
import {
  NOTICE_NAMESPACE,
  noticeAckBodies,
  noticeClientEvents,
  noticeServerEvents,
} from './notice';

type Schemas = Readonly<Record<string, z.ZodType>>;

/** One socket.io namespace: who connects, and every event either way with its schemas. */
export interface SocketProtocol {
  namespace: string;
  title: string;
  /** How a client connects and what it sends first (Markdown). */
  about: string;
  /** The socket.io handshake's `auth`, when it has a schema of its own. */
  handshake?: z.ZodType;
  /** Events the client sends, by name: the payload's schema, as the server parses it. */
  clientEvents: Schemas;
  /** The server's acknowledgement of a client event; an event not here is not acknowledged. */
  clientAcks: Schemas;
  /** Events the server sends, by name: the payload's schema. */
  serverEvents: Schemas;
  /** The client's acknowledgement of a server event; an event not here is not acknowledged. */
  serverAcks: Schemas;
  /** What an acknowledgement is instead when the request is refused, if the same for all. */
  refusal?: z.ZodType;
}

/** The acknowledgements of /machine and /notice on success: code 20000 with the body. */
function succeeded<S extends Record<string, z.ZodType>>(bodies: S): Schemas {
  return Object.fromEntries(
    Object.entries(bodies).map(([event, body]) => [
      event,
      (body as unknown as z.ZodObject).extend({ code: z.literal(ErrorCode.success) }),
    ]),
  );
}

/** Every agent message is acknowledged; `hello` with what the server took. */
const agentAcks = succeeded({
  ...Object.fromEntries(Object.keys(agentClientEvents).map((e) => [e, z.object({})])),
  hello: agentHelloAnswer,
});

export const socketProtocols: readonly SocketProtocol[] = [
  {
    namespace: MACHINE_NAMESPACE,
    title: 'The machine connection (§7)',
    about: [
      'One socket per visit to a game screen. The client sends `init` first, with the machine and',
      'the player’s token; the server seats the player (or refuses) and then pushes the machine’s',
      'state, the slot session and the video signalling. Every request but `signal` is acknowledged.',
    ].join(' '),
    clientEvents: machineClientEvents,
    clientAcks: succeeded(machineAckBodies),
    serverEvents: machineServerEvents,
    serverAcks: {},
    refusal: ackError,
  },
  {
    namespace: NOTICE_NAMESPACE,
    title: 'The notification connection (§7)',
    about: [
      'One socket per signed-in tab. The token travels in the handshake (socket.io `auth.token`,',
      'or the `token` query parameter) and is checked before the socket is let in; the client then',
      'sends `init`, and `lobby {watch: true}` while the lobby is on screen (again after each',
      'reconnect). The socket ends when the token expires or is revoked.',
    ].join(' '),
    clientEvents: noticeClientEvents,
    clientAcks: succeeded(noticeAckBodies),
    serverEvents: noticeServerEvents,
    serverAcks: {},
    refusal: ackError,
  },
  {
    namespace: AGENT_NAMESPACE,
    title: 'The agent protocol',
    about: [
      'A machine agent (the box beside one or more cabinets) dials out to the server. The',
      'handshake carries its id, secret and protocol version; it sends `hello` first, naming its',
      'cabinets with their meters, then events and meters; the server sends it commands, which it',
      'acknowledges once it has written their outcome, and relays video signalling.',
    ].join(' '),
    handshake: agentAuth,
    clientEvents: agentClientEvents,
    clientAcks: agentAcks,
    serverEvents: agentServerEvents,
    serverAcks: { command: commandAck },
    refusal: ackError,
  },
];

/** The JSON Schema (2020-12) of what a sender may send (`input`) or a receiver gets (`output`). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): string {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' });
  return ['```json', JSON.stringify(rest, null, 2), '```'].join('\n');
}

const other = { input: 'output', output: 'input' } as const;

function events(heading: string, payloads: Schemas, acks: Schemas, io: 'input' | 'output') {
  // Where nothing is acknowledged (the server's pushes), saying so at each event is noise.
  const noAck = Object.keys(acks).length > 0 ? '\nNot acknowledged.' : '';
  const sections = Object.entries(payloads).map(([name, payload]) => {
    const ack = acks[name];
    return [
      `#### \`${name}\``,
      '',
      jsonSchema(payload, io),
      // The acknowledgement goes the other way: sent by the receiver of the event.
      ack ? `\nAcknowledged with:\n\n${jsonSchema(ack, other[io])}` : noAck,
    ].join('\n');
  });
  return [`### ${heading}`, '', sections.join('\n\n')].join('\n');
}

function protocolSection(p: SocketProtocol): string {
  return [
    `## \`${p.namespace}\`: ${p.title}`,
    '',
    p.about,
    '',
    ...(p.handshake ? ['The handshake’s `auth`:', '', jsonSchema(p.handshake, 'input'), ''] : []),
    ...(p.refusal
      ? [
          'A refused request is acknowledged with the error body and its spec §8 code instead:',
          '',
          jsonSchema(p.refusal, 'output'),
          '',
        ]
      : []),
    // A sender's payload is the input side of the schema the receiver parses it with (defaults
    // and transforms apply after): clients send inputs; the server sends what it built.
    events('Client → server', p.clientEvents, p.clientAcks, 'input'),
    '',
    events('Server → client', p.serverEvents, p.serverAcks, 'output'),
  ].join('\n');
}

/** docs/socket-protocol.md, whole. */
export function renderSocketProtocols(protocols: readonly SocketProtocol[] = socketProtocols) {
  const contents = protocols.map(
    (p) =>
      `- \`${p.namespace}\`: ${p.title}. Client → server: ${Object.keys(p.clientEvents)
        .map((e) => `\`${e}\``)
        .join(', ')}. Server → client: ${Object.keys(p.serverEvents)
        .map((e) => `\`${e}\``)
        .join(', ')}.`,
  );
  return `${[
    '# Socket protocols',
    '',
    '<!-- Generated by `npm run docs:protocol` from packages/protocol (socket-doc.ts): do not edit. -->',
    '',
    'The socket.io namespaces of the Reelcast server, each event with the JSON Schema of its',
    'payload and of its acknowledgement. Money is in hundredths. The HTTP API is described by',
    'its OpenAPI document at `/docs` (staff only).',
    '',
    ...contents,
    '',
    protocols.map(protocolSection).join('\n\n'),
  ].join('\n')}\n`;
}
