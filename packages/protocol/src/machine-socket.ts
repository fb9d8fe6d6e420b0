// Events of the real-time machine connection (socket.io namespace /machine, spec §7).
// Requests carry an acknowledgement; every payload is parsed with these schemas on the server.
import { z } from 'zod';
import { idNumberOrText, multilineText, plainText } from './bounds';
import type { ErrorCode } from './codes';
import { machineStatus } from './http';
import { MAX_TRANSFER_CENTS } from './transfer-limit';

export { MACHINE_NAMESPACE } from './socket-namespaces';

export const initRequest = z.object({
  machineID: idNumberOrText,
  token: plainText(4096).min(1),
});
export type InitRequest = z.infer<typeof initRequest>;

/**
 * Watch a machine as a spectator (issue #18): the socket gets the machine's video and its number
 * of viewers, nothing else, and may send nothing to the machine (40302). Any signed-in player's
 * token; up to SPECTATORS_PER_MACHINE viewers (40926); not the machine the player is seated at.
 */
export const watchRequest = z.object({
  machineID: idNumberOrText,
  token: plainText(4096).min(1),
});
export type WatchRequest = z.infer<typeof watchRequest>;

/**
 * What a spectator is told, in the watch's acknowledgement and pushed as `spectate` on each
 * change: how many watch now, and the machine's status as the lobby shows it (never who plays).
 */
export const spectateNotice = z.object({
  machineId: z.number().int(),
  viewers: z.number().int().nonnegative().describe('spectators watching the machine now'),
  status: machineStatus,
});
export type SpectateNotice = z.infer<typeof spectateNotice>;

export const machineButton = z.enum(['bet-', 'bet+', 'spin', 'auto', 'collect']);
export type MachineButton = z.infer<typeof machineButton>;

export const touchEvent = z.object({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) });
export type TouchEvent = z.infer<typeof touchEvent>;

export const pressEvent = z.object({ button: machineButton });

export const transferRequest = z.object({
  /** hundredths moved from the wallet onto the machine */
  amount: z.number().int().positive().max(MAX_TRANSFER_CENTS),
  /** client-chosen id making a retried transfer land once */
  requestId: plainText(64).min(8).optional(),
});
export type TransferRequest = z.infer<typeof transferRequest>;

export const cashoutRequest = z.object({}).passthrough();

/** Leave the machine for good: the session is cashed out and closed (the player chose to quit). */
export const leaveRequest = z.object({}).passthrough();

/** Choose a stream quality band (settings VIDEO_BANDS) for this viewer's video. */
export const qualityRequest = z.object({ band: plainText(32).min(1) });
export type QualityRequest = z.infer<typeof qualityRequest>;

/**
 * The machine's screen layouts: landscape (640×480, the cabinet's own) and portrait (480×640,
 * reels on top and the buttons below, for a phone held upright).
 */
export const machineLayout = z.enum(['landscape', 'portrait']);
export type MachineLayout = z.infer<typeof machineLayout>;

/** The player of the slot session switches the machine's screen (rotation, cut screen). */
export const layoutRequest = z.object({ layout: machineLayout });
export type LayoutRequest = z.infer<typeof layoutRequest>;

/** Ask for a fresh video offer: the browser's peer connection failed while the socket stayed up. */
export const videoRestartRequest = z.object({}).passthrough();

/** A round trip over the socket, for the latency indicator. */
export const pingRequest = z.object({}).passthrough();

export const signalFromClient = z.discriminatedUnion('type', [
  z.object({ type: z.literal('answer'), sdp: multilineText(100_000) }),
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
]);
export type SignalFromClient = z.infer<typeof signalFromClient>;

/**
 * Every event a client may send on /machine and the schema its payload is parsed with: the
 * server registers its handlers from this list, and the fuzz sends each of them bad payloads.
 */
export const machineClientEvents = {
  init: initRequest,
  signal: signalFromClient,
  touch: touchEvent,
  press: pressEvent,
  transfer: transferRequest,
  cashout: cashoutRequest,
  leave: leaveRequest,
  quality: qualityRequest,
  layout: layoutRequest,
  video: videoRestartRequest,
  ping: pingRequest,
  watch: watchRequest,
} as const;
export type MachineClientEvent = keyof typeof machineClientEvents;

/** The server's side of the video peer connection: its offer and its ICE candidates. */
export const signalFromServer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('offer'), sdp: z.string() }),
  z.object({
    type: z.literal('candidate'),
    candidate: z
      .object({
        candidate: z.string(),
        sdpMid: z.string().nullable().optional(),
        sdpMLineIndex: z.number().int().nullable().optional(),
      })
      .nullable(),
  }),
]);
export type SignalFromServer = z.infer<typeof signalFromServer>;

/** A refused request's acknowledgement: the error body of every answer (§8). */
export const ackError = z.object({
  code: z.number().int(),
  ErrorMessage: z.string(),
  Params: z.record(z.string(), z.unknown()),
});
export type AckError = z.infer<typeof ackError>;

/** Acknowledgement of every request: code 20000 on success (§8), else the error body. */
export type Ack<T = Record<string, never>> = ({ code: typeof ErrorCode.success } & T) | AckError;

/** The player's slot session on the machine; pushed as `session` when it changes. */
export const slotSessionInfo = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  name: z.string().describe("the machine's name, as the lobby shows it"),
  status: z.enum(['open', 'closed']),
  machine_status: z.string().describe("the machine's status as the lobby shows it"),
  /** Why a closed session ended; absent while it is open. */
  reason: z
    .string()
    .optional()
    .describe('why the session closed: player, idle, disconnected, quit or cancel'),
});
export type SlotSessionInfo = z.infer<typeof slotSessionInfo>;

/** What the machine shows on its meters; pushed as `machine` on every change. */
export const machineState = z.object({
  id: z.number().int(),
  status: z.string(),
  credits: z.number().int().describe('hundredths on the machine'),
  bet: z.number().int().describe('hundredths'),
  win: z.number().int().describe('hundredths'),
  spinning: z.boolean(),
  autoplay: z.boolean(),
});
export type MachineState = z.infer<typeof machineState>;

/** A notice for the player (§8 code and its message), and what the screen should do about it. */
export const infoNotification = z.object({
  code: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  message: z.string(),
  action: z.enum(['SESSION_CLOSE_WARNING', 'QUIT_REQUEST', 'CLOSE_SESSION']).optional(),
});
export type InfoNotification = z.infer<typeof infoNotification>;

/**
 * /machine, client → server, as socket.io types a socket: each event of the list above with the
 * payload its schema accepts and, for a request, the acknowledgement it is answered with. The
 * server's namespace is `Namespace<MachineClientEvents, MachineServerEvents>`, the player's socket
 * `Socket<MachineServerEvents, MachineClientEvents>`.
 */
export type MachineClientEvents = {
  [E in MachineClientEvent]: E extends keyof MachineAckBodies
    ? (
        payload: z.input<(typeof machineClientEvents)[E]>,
        ack: (answer: Ack<MachineAckBodies[E]>) => void,
      ) => void
    : (payload: z.input<(typeof machineClientEvents)[E]>) => void;
};

/** TURN with the player's own short-lived credentials, added to the settings' ICE_SERVERS. */
export const turnServers = z.array(
  z.object({ urls: z.array(z.string()), username: z.string(), credential: z.string() }),
);

/**
 * What each request's acknowledgement carries besides code 20000. `signal` is not here: the
 * browser sends its answer and candidates without waiting for one.
 */
export const machineAckBodies = {
  init: z.object({
    session: slotSessionInfo,
    machine: machineState,
    iceServers: turnServers.optional(),
  }),
  /** the button the touch landed on, if any */
  touch: z.object({ button: machineButton.nullable() }),
  press: z.object({ pressed: z.boolean() }),
  /**
   * The wallet balance after the Cash In, with the ledger entry behind it (`seq`, as on /notice),
   * so the client orders it with the balances pushed on /notice.
   */
  transfer: z.object({ balance: z.number().int().describe('hundredths'), seq: z.number().int() }),
  cashout: z.object({ amount: z.number().int().describe('hundredths moved back to the wallet') }),
  leave: z.object({ amount: z.number().int().describe('hundredths moved back to the wallet') }),
  quality: z.object({ band: z.string(), applied: z.boolean() }),
  /** the layout now shown and the frame size that comes with it */
  layout: z.object({ layout: machineLayout, width: z.number().int(), height: z.number().int() }),
  video: z.object({}),
  ping: z.object({}),
  watch: spectateNotice.extend({ iceServers: turnServers.optional() }),
} as const;
export type MachineAckBodies = {
  [E in keyof typeof machineAckBodies]: z.infer<(typeof machineAckBodies)[E]>;
};

/** /machine, server → client: the events the server pushes and their payloads' schemas. */
export const machineServerEvents = {
  signal: signalFromServer,
  machine: machineState,
  session: slotSessionInfo,
  info: infoNotification,
  /** to spectators only: the viewer count or the machine's status changed */
  spectate: spectateNotice,
} as const;

/** /machine, server → client, as socket.io types a socket. */
export type MachineServerEvents = {
  [E in keyof typeof machineServerEvents]: (
    payload: z.infer<(typeof machineServerEvents)[E]>,
  ) => void;
};
