// The back office's floor (issue #21): every machine live, a machine's recent games, turning a
// machine off and on, kicking a player off, and hand pays above HAND_PAY_APPROVAL_ABOVE that wait
// for a second supervisor. Money in hundredths, times as ISO strings.
import { z } from 'zod';
import { idText, plainText } from './bounds';
import { machineStatus, successCode } from './http';
import { pageQuery, paginated } from './paging';
import { spinRecord } from './sessions';

/** Why staff did something: required wherever a player's money or access changes. */
export const staffReason = plainText(200).trim().min(1, 'a reason is required');

/** What the cabinet says it is doing (its SAS state), or offline when its agent is not there. */
export const cabinetStates = ['idle', 'spinning', 'handpay', 'fault', 'offline'] as const;

export const floorQuery = z.object({
  /** a brand's id */
  brand: idText.optional(),
  /** the lobby's status (playing, available, …) or a cabinet state (fault, handpay, offline) */
  status: z.enum([...machineStatus.options, ...cabinetStates]).optional(),
});
export type FloorQuery = z.infer<typeof floorQuery>;

export const floorMachine = z.object({
  id: z.number().int(),
  name: z.string(),
  brand: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  game: z.string(),
  /** false: staff took it out of service (no new player sits down) */
  enabled: z.boolean(),
  /** as the lobby shows it */
  status: machineStatus,
  /** the cabinet's own state */
  cabinet: z.enum(cabinetStates),
  /** door, tilt or offline when the cabinet is down for one; null when it is not */
  fault: z.enum(['door', 'tilt', 'offline', 'fault']).nullable(),
  credits: z.number().int(),
  /** the seated player's open slot session */
  session: z
    .object({
      id: z.number().int(),
      playerId: z.number().int(),
      username: z.string(),
      openedAt: z.string(),
      /** sockets of the player on the machine now */
      connected: z.boolean(),
    })
    .nullable(),
  handPay: z.object({ id: z.string(), amount: z.number().int() }).nullable(),
  /** the agent that speaks for the cabinet is connected */
  agentConnected: z.boolean(),
  /** the video is not marked broken, and how many watch it now */
  videoUp: z.boolean(),
  viewers: z.number().int(),
});
export type FloorMachine = z.infer<typeof floorMachine>;

export const floorAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machines: z.array(floorMachine),
  /** HAND_PAY_APPROVAL_ABOVE: a hand pay above it needs a second supervisor */
  handPayApprovalAbove: z.number().int(),
});
export type FloorAnswer = z.infer<typeof floorAnswer>;

export const machineParams = z.object({ id: idText });

export const machineGamesQuery = pageQuery;
/** A machine's games, newest first, each with its session and player, redrawable for recall. */
export const machineGame = spinRecord.extend({
  sessionId: z.number().int(),
  playerId: z.number().int(),
  username: z.string(),
});
export type MachineGame = z.infer<typeof machineGame>;
export const machineGamesAnswer = paginated(machineGame);
export type MachineGamesAnswer = z.infer<typeof machineGamesAnswer>;

export const machineEnabledBody = z.object({ enabled: z.boolean(), reason: staffReason });
export type MachineEnabledBody = z.infer<typeof machineEnabledBody>;
export const machineEnabledAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  enabled: z.boolean(),
});

export const machineKickBody = z.object({ reason: staffReason });
export const machineKickAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  playerId: z.number().int(),
  /** the player's connections to the machine that were closed; the session stays open */
  kicked: z.number().int(),
});

export const handPayApproval = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  amount: z.number().int(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  status: z.enum(['pending', 'paid', 'void']),
});
export type HandPayApproval = z.infer<typeof handPayApproval>;

/** POST /staff/handpay-reset above the threshold: 202, waiting for a second supervisor. */
export const handPayPendingAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  approval: handPayApproval,
});
export type HandPayPendingAnswer = z.infer<typeof handPayPendingAnswer>;

export const handPayApprovalsQuery = z.object({
  status: z.enum(['pending', 'paid', 'void']).default('pending'),
});
export const handPayApprovalsAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  approvals: z.array(handPayApproval),
});
export const handPayApprovalParams = z.object({ id: idText });
