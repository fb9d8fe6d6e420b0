// The agent protocol: a machine agent (the box beside one or more cabinets: SAS link, screen
// capture, touch) dials out to the server on socket.io namespace /agent and speaks for the
// cabinets assigned to it. Every message either way is parsed with these schemas.
//
// Money across the boundary follows SAS AFT: the server names each command with a request id,
// the agent writes the outcome to its NVRAM before it acknowledges, and answers a repeated
// request id with the outcome it wrote (never applies it twice). On every reconnect the agent's
// hello carries its meters and the outcomes of its recent requests, so the server reconciles
// against the ledger instead of guessing. Games are journaled the same way: each is written to
// the cabinet's NVRAM as it ends and told until the server says it is recorded, once per
// (epoch, game number), so a game survives the death of either side mid-way.
import { z } from 'zod';
import { id, plainText } from './bounds';
import { machineMeters } from './floor';
import { machineButton, machineLayout, signalFromClient } from './machine-socket';

export { AGENT_NAMESPACE } from './socket-namespaces';

/** The versions of this protocol the server speaks; an agent says its own in the handshake. */
export const AGENT_PROTOCOL_VERSION = 2;

/** An agent's id: its name as `agent add` registered it (lower case, digits, dashes). */
export const agentId = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'lower-case letters, digits and dashes, up to 63');
export type AgentId = z.infer<typeof agentId>;

/** A request id: unique per command, chosen by the server; the agent's NVRAM is keyed by it. */
export const requestId = z.string().regex(/^[A-Za-z0-9:_-]{8,80}$/);

/** socket.io handshake `auth` of an agent's connection. */
export const agentAuth = z.object({
  agentId,
  /** the secret `agent add` printed once; the server keeps only its hash */
  secret: z.string().min(32).max(128),
  version: z.number().int().min(1).max(1000),
});
export type AgentAuth = z.infer<typeof agentAuth>;

/** A cabinet's state as its meters and screen show it (the /machine `machine` push's fields). */
export const cabinetState = z.object({
  status: plainText(32),
  credits: z.number().int().min(0),
  bet: z.number().int().min(0),
  win: z.number().int().min(0),
  spinning: z.boolean(),
  autoplay: z.boolean(),
});
export type CabinetState = z.infer<typeof cabinetState>;

export const pendingHandPay = z.object({
  id: plainText(64).min(1),
  amount: z.number().int().min(1),
});

/**
 * A cabinet's NVRAM generation: made once when its memory is first written, new after a RAM
 * clear. A game is named by it and its number (the games-played meter once the game had begun),
 * so a game told twice is recorded once and a cleared cabinet's game 1 is not taken for the old.
 */
export const cabinetEpoch = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/);

/** What a cabinet is when its agent says hello. */
export const cabinetHello = z.object({
  machineId: id,
  /** the game it plays (packages/egm ids; a SAS cabinet: its game id) */
  game: plainText(64).min(1),
  state: cabinetState,
  meters: machineMeters,
  pendingHandPay: pendingHandPay.nullable(),
  epoch: cabinetEpoch,
  /**
   * The cabinet's latest money movements (AFT transfers in and to the host that moved credits),
   * oldest first, each with whether it was undone since: the server undoes any its ledger never
   * recorded (its process died between the cabinet's answer and the commit).
   */
  money: z
    .array(
      z.object({
        requestId,
        op: z.enum(['transferIn', 'cashOut']),
        amount: z.number().int().min(1).max(100_000_000),
        undone: z.boolean(),
      }),
    )
    .max(16),
  /**
   * Games ended that the server has not said it recorded (the cabinet's journal): told in
   * `games` messages right after the hello's answer. Until they have been, the server moves no
   * money on the cabinet, so a transfer cannot come between them and the credits they leave.
   */
  unrecorded: z.number().int().min(0).max(100_000),
});
export type CabinetHello = z.infer<typeof cabinetHello>;

/** The first message of a connection: who the agent is and which cabinets it hosts. */
export const agentHello = z.object({
  pid: z.number().int().min(0),
  /** the agent's build, for the operator */
  software: plainText(64),
  cabinets: z.array(cabinetHello).max(256),
});
export type AgentHello = z.infer<typeof agentHello>;

/**
 * How the agent sends its cabinets' video, from the server's configuration (one place for it):
 * the ICE servers, the addresses whose candidates may be offered or taken (others and mDNS names
 * are dropped before libwebrtc sees them), the frame rate, and whether frames carry the capture
 * time stamp (benchmarks only).
 */
export const agentVideoConfig = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
  allowedAddresses: z.array(z.string()),
  fps: z.number().int().min(1).max(60),
  stamp: z.boolean(),
});
export type AgentVideoConfig = z.infer<typeof agentVideoConfig>;

/** The server's answer to a hello (besides code 20000). */
export const agentHelloAnswer = z.object({
  accepted: z.array(id).describe('cabinets the server takes from this agent'),
  refused: z
    .array(id)
    .describe('cabinets named in the hello that are not assigned to this agent (refused, logged)'),
  video: agentVideoConfig,
  /** the name and look each accepted cabinet's screen shows (the floor file's) */
  screens: z.array(z.object({ machineId: id, title: z.string(), look: z.string().optional() })),
});
export type AgentHelloAnswer = z.infer<typeof agentHelloAnswer>;

/** What the server asks a cabinet to do. Money moves only with transferIn and cashOut. */
export const cabinetOperation = z.discriminatedUnion('op', [
  z.object({ op: z.literal('transferIn'), amount: z.number().int().min(1).max(100_000_000) }),
  z.object({ op: z.literal('cashOut') }),
  // AFT reversals: the host could not record a transfer the cabinet made, so the cabinet undoes
  // it (its transfer meters with it) instead of the money being lost on one side.
  z.object({ op: z.literal('cancelTransferIn'), amount: z.number().int().min(1).max(100_000_000) }),
  z.object({ op: z.literal('cancelCashOut'), amount: z.number().int().min(1).max(100_000_000) }),
  // AFT interrogation: what became of an earlier request, without applying anything. Answered
  // with replayed true and its amount when the cabinet applied it, replayed false when it never
  // saw it (or refused it).
  z.object({ op: z.literal('interrogate'), of: requestId }),
  z.object({ op: z.literal('press'), button: machineButton }),
  z.object({ op: z.literal('touch'), x: z.number().min(0).max(1), y: z.number().min(0).max(1) }),
  z.object({ op: z.literal('layout'), layout: machineLayout }),
  z.object({ op: z.literal('stopAutoplay') }),
  z.object({ op: z.literal('faultClear') }),
  z.object({ op: z.literal('handPayReset'), handPayId: plainText(64).min(1) }),
  z.object({ op: z.literal('disable'), disabled: z.boolean() }),
  // The simulated floor's door and tilt (staff's machine-fault, the random fault scheduler): a
  // simulated cabinet raises or clears them; a SAS cabinet's door and tilt are its own, and it
  // refuses this.
  z.object({
    op: z.literal('simulateFault'),
    fault: z.enum(['door', 'tilt']),
    active: z.boolean(),
    reason: plainText(200).optional(),
  }),
]);
export type CabinetOperation = z.infer<typeof cabinetOperation>;

/** server → agent, answered with a CommandAck. */
export const agentCommand = z.object({
  requestId,
  machineId: id,
  operation: cabinetOperation,
});
export type AgentCommand = z.infer<typeof agentCommand>;

/**
 * The agent's answer to a command. `amount` is what moved (transferIn, cashOut, handPayReset);
 * `replayed` says the request id was seen before and this is the outcome then written.
 */
export const commandAck = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    requestId,
    amount: z.number().int().min(0).optional(),
    button: machineButton.nullable().optional(),
    size: z.object({ width: z.number().int(), height: z.number().int() }).optional(),
    replayed: z.boolean(),
    state: cabinetState,
    meters: machineMeters,
  }),
  z.object({ ok: z.literal(false), requestId, reason: plainText(200) }),
]);
export type CommandAck = z.infer<typeof commandAck>;

/**
 * A game as it ended (SAS 7Fh): its bet and win, the reels at rest, its number (the games-played
 * meter once it had begun: with the cabinet's epoch it names the game in the server's record) and
 * the credit meter before its bet was taken.
 */
const endedGame = z.object({
  bet: z.number().int().min(0),
  win: z.number().int().min(0),
  handPay: z.boolean(),
  stops: z.array(z.number().int().min(0)).max(16),
  grid: z.array(z.array(plainText(32)).max(16)).max(16),
  game: z.number().int().min(1),
  creditsBefore: z.number().int().min(0),
});

/** Events modelled on SAS exceptions, agent → server, numbered per cabinet. */
export const cabinetEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: cabinetState }),
  /** credits: the credit meter once the bet is off it */
  z.object({
    type: z.literal('gameStarted'),
    bet: z.number().int().min(0),
    credits: z.number().int().min(0),
  }),
  /** credits: the credit meter once the win (if not hand paid) is on it */
  endedGame.extend({
    type: z.literal('gameEnded'),
    credits: z.number().int().min(0),
    /** the meters as the game left them: the server's mirror moves with the game it records */
    meters: machineMeters,
  }),
  z.object({ type: z.literal('cashoutButton') }),
  z.object({ type: z.literal('handPayPending'), handPay: pendingHandPay }),
  z.object({ type: z.literal('handPayReset'), handPay: pendingHandPay }),
  z.object({
    type: z.literal('exception'),
    kind: z.enum(['door', 'tilt', 'power', 'link']),
    active: z.boolean(),
    reason: plainText(200).optional(),
  }),
]);
export type CabinetEvent = z.infer<typeof cabinetEvent>;

export const agentEvent = z.object({
  machineId: id,
  /** per cabinet, from 1 at the agent's start: a gap or repeat is seen by the server */
  seq: z.number().int().min(1),
  event: cabinetEvent,
});
export type AgentEvent = z.infer<typeof agentEvent>;

/**
 * A game from a cabinet's journal: ended, written to its NVRAM, and not yet said recorded by the
 * server (its event died with the agent or the server, or its record failed). `ageMs`: how long
 * ago it ended by the agent's own clock, so the server dates it without trusting that clock.
 */
export const journalGame = endedGame.extend({
  creditsAfter: z.number().int().min(0),
  ageMs: z.number().int().min(0),
  /**
   * The cabinet's last game, at rest since and with the credits it left (no money moved since):
   * its credits are the cabinet's now.
   */
  latest: z.boolean(),
});
export type JournalGame = z.infer<typeof journalGame>;

/** Games a message of the journal carries at most. */
export const JOURNAL_GAMES_PER_MESSAGE = 50;

/**
 * agent → server: games of a cabinet's journal, oldest first. After a hello, `last` marks the
 * final message of the journal as it stood (the cabinet takes money again once it has come); a
 * journal game told again later (not yet said recorded) has `resent`.
 */
export const agentGames = z.object({
  machineId: id,
  games: z.array(journalGame).max(JOURNAL_GAMES_PER_MESSAGE),
  last: z.boolean(),
  resent: z.boolean(),
});
export type AgentGames = z.infer<typeof agentGames>;

/** server → agent: these games of the cabinet are in the server's record (or never will be). */
export const gamesRecorded = z.object({
  machineId: id,
  games: z.array(z.number().int().min(1)).max(1000),
});

/**
 * Periodic meter snapshots (SAS long poll), agent → server: taken at rest, after every event told
 * before them, so a snapshot never counts a game the server has not yet been told of.
 */
export const agentMeters = z.object({
  machineId: id,
  meters: machineMeters,
});

export const agentHeartbeat = z.object({ at: z.number().int().min(0) });

/** Video signalling the server relays between a viewer and the cabinet's agent. */
export const videoStart = z.object({
  viewerId: plainText(64).min(1),
  machineId: id,
  /** scale-down of the cabinet's frame for the viewer's band (1 = full size) */
  scale: z.number().min(1).max(8),
  /** where the bitrate estimate starts and the band's cap, written into the viewer's answer */
  startKbps: z.number().int().min(50).max(50_000),
  maxKbps: z.number().int().min(50).max(50_000),
});
export type VideoStart = z.infer<typeof videoStart>;
export const videoSignalToAgent = z.object({
  viewerId: plainText(64).min(1),
  signal: signalFromClient,
});
export const videoSignalFromAgent = z.object({
  viewerId: plainText(64).min(1),
  signal: z.discriminatedUnion('type', [
    z.object({ type: z.literal('offer'), sdp: z.string().max(100_000) }),
    // The viewer's peer connection is connected and frames are going out (the server's start
    // deadline is met), or it failed.
    z.object({ type: z.literal('playing') }),
    z.object({ type: z.literal('failed'), reason: plainText(200) }),
    z.object({
      type: z.literal('candidate'),
      candidate: z
        .object({
          candidate: plainText(1000),
          sdpMid: plainText(256).nullable().optional(),
          sdpMLineIndex: z.number().int().min(0).max(1024).nullable().optional(),
        })
        .nullable(),
    }),
  ]),
});
export type VideoSignalFromAgent = z.infer<typeof videoSignalFromAgent>;
/** The agent's answer to a relayed signal: libwebrtc may refuse what the viewer sent. */
export const videoSignalAck = z.object({ ok: z.boolean(), reason: z.string().optional() });
export const videoStop = z.object({ viewerId: plainText(64).min(1) });

/** The server ends the connection (replaced by a newer one of the same agent, or revoked). */
export const agentBye = z.object({ reason: plainText(200) });

/**
 * Every event an agent may send on /agent and its payload's schema: the server registers its
 * handlers from this list, and the fuzz sends each of them bad payloads (as its one agent).
 */
export const agentClientEvents = {
  hello: agentHello,
  event: agentEvent,
  games: agentGames,
  meters: agentMeters,
  heartbeat: agentHeartbeat,
  'video-signal': videoSignalFromAgent,
} as const;
export type AgentClientEvent = keyof typeof agentClientEvents;

/** /agent, server → agent: the commands the server sends and the schema of each payload. */
export const agentServerEvents = {
  command: agentCommand,
  'games-recorded': gamesRecorded,
  'video-start': videoStart,
  'video-signal': videoSignalToAgent,
  'video-stop': videoStop,
  bye: agentBye,
} as const;

/** POST /staff/agents (admin): a new agent and the machines it will speak for. */
export const agentAddBody = z.object({
  id: agentId,
  machines: z.array(id).max(256),
});
/** The secret is in this answer only: the server keeps its hash. */
export const agentAddAnswer = z.object({
  code: z.number().int(),
  ErrorMessage: z.string(),
  id: agentId,
  secret: z.string(),
  machines: z.array(z.number().int()),
});
export type AgentAddAnswer = z.infer<typeof agentAddAnswer>;

/** POST /staff/agents/revoke (admin): the agent is refused from now on and disconnected. */
export const agentRevokeBody = z.object({ id: agentId });
export const agentRevokeAnswer = z.object({
  code: z.number().int(),
  ErrorMessage: z.string(),
  id: agentId,
});
export type AgentRevokeAnswer = z.infer<typeof agentRevokeAnswer>;
