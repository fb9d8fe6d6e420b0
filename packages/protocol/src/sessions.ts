// The player's slot sessions (/slot-sessions), their game recall (GLI-19 §4.14.1) and the open
// session the reconnect dialog offers (§4). Money in hundredths, times as ISO strings.
import { z } from 'zod';
import { id, idText } from './bounds';
import { pageQuery, paginated } from './paging';

export const slotSessionsQuery = pageQuery;

export const slotSessionSummary = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  machineName: z.string(),
  brand: z.string().nullable(),
  status: z.enum(['open', 'closed']),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  cashIn: z.number().int(),
  cashOut: z.number().int(),
  gamesPlayed: z.number().int(),
  totalBet: z.number().int(),
  totalWon: z.number().int(),
  /** cash out − cash in: what the session left in (or took from) the wallet */
  result: z.number().int(),
  closeReason: z.string().nullable(),
});
export type SlotSessionSummary = z.infer<typeof slotSessionSummary>;

export const slotSessionsAnswer = paginated(slotSessionSummary);
export type SlotSessionsAnswer = z.infer<typeof slotSessionsAnswer>;

export const slotSessionParams = z.object({ id: idText });
export const spinsQuery = pageQuery;

export const spinRecord = z.object({
  id: z.number().int(),
  playedAt: z.string(),
  bet: z.number().int(),
  win: z.number().int(),
  creditsBefore: z.number().int(),
  creditsAfter: z.number().int(),
  /** one stop per reel: the index into the reel's strip */
  stops: z.array(z.number().int()),
  /** grid[reel][row]: the symbol ids the stops showed, the final screen of the game */
  grid: z.array(z.array(z.string())),
  handPay: z.boolean(),
});
export type SpinRecord = z.infer<typeof spinRecord>;

export const gameRecallAnswer = paginated(spinRecord).extend({ session: slotSessionSummary });
export type GameRecallAnswer = z.infer<typeof gameRecallAnswer>;

/**
 * What the reconnect dialog says about the machine holding the player's open session (§4):
 * bonus (a game feature waits), waiting (nobody connected), cashout (a cash-out / hand pay is
 * pending), playing (a connection of this account is on it), error, offline, unknown.
 */
export const reconnectStatus = z.enum([
  'bonus',
  'waiting',
  'cashout',
  'playing',
  'error',
  'offline',
  'unknown',
]);
export type ReconnectStatus = z.infer<typeof reconnectStatus>;

export const openSlotSession = z.object({
  id: z.number().int(),
  machineId: z.number().int(),
  machineName: z.string(),
  machineStatus: reconnectStatus,
  credits: z.number().int(),
  openedAt: z.string(),
});
export type OpenSlotSession = z.infer<typeof openSlotSession>;
export const openSlotSessionsAnswer = z.array(openSlotSession);
export type OpenSlotSessionsAnswer = z.infer<typeof openSlotSessionsAnswer>;

/** Staff: remove a player from a machine (QUIT_REQUEST), the credits cashed out safely. */
export const quitSessionBody = z.object({ machineId: id });
export const quitSessionAnswer = z.object({
  sessionId: z.number().int(),
  /** hundredths moved from the machine to the wallet */
  cashedOut: z.number().int(),
});
