// Lobby actions of spec §7 (kick, cancel) and reservations, and the lobby's pushes on /notice.
//
// Semantics (both act only on the caller's own open slot session; another player's session can
// never be touched, and no credit is ever lost):
// - POST /player/kick {machineId}: "Kick the player" of the reconnect dialog (§4), for when the
//   caller's own session is being played from somewhere else (another tab or device). Every
//   machine socket attached to that session is told QUIT_REQUEST and disconnected; the session
//   stays open with its credits on the machine, so the caller can join it right away with init
//   {machineID, token} (Continue). Answers the number of connections removed.
// - POST /player/cancel {machineId}: "Cashout (cancel)" of the reconnect dialog. The session's
//   credits are cashed out to the wallet through the ledger (Cash Out) and the session closes;
//   the client then rejoins with init {machineID, token}, which opens a fresh session.
// - POST /player/reserve {machineId}: holds an available machine for the caller for the
//   configured time (one reservation per player; a new one replaces the old). Nobody else can
//   join it meanwhile (40921); it expires by itself. POST /player/reserve/release (no body)
//   releases it.
import { z } from 'zod';
import { id } from './bounds';
import { machineStatus, successCode } from './http';

/** Body of kick, cancel and reserve. */
export const machineIdBody = z.object({ machineId: id });
export type MachineIdBody = z.infer<typeof machineIdBody>;

export const kickAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  /** machine connections that were removed from the session */
  kicked: z.number().int().nonnegative(),
  status: machineStatus,
});
export type KickAnswer = z.infer<typeof kickAnswer>;

export const cancelAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  /** hundredths cashed out from the machine to the wallet */
  amount: z.number().int().nonnegative(),
  /** wallet balance afterwards, hundredths */
  balance: z.number().int(),
  /** the id of the ledger entry behind `balance` (its order among the player's balances) */
  seq: z.number().int().nonnegative(),
});
export type CancelAnswer = z.infer<typeof cancelAnswer>;

export const reserveAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  machineId: z.number().int(),
  /** ISO time at which the reservation lapses */
  expiresAt: z.string(),
});
export type ReserveAnswer = z.infer<typeof reserveAnswer>;

export const releaseReservationAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  /** the machine whose reservation was released, null when the caller held none */
  machineId: z.number().int().nullable(),
});
export type ReleaseReservationAnswer = z.infer<typeof releaseReservationAnswer>;

/**
 * Events the lobby pushes on /notice. The floor's news goes only to sockets whose lobby is on
 * screen (they said so with the client event `lobby {watch: true}`), and one message carries all
 * of it: the status changes of a short window and, at most once a second, the jackpots. Each
 * message is a write to every watcher, so a busy floor costs each of them about one a second, not
 * one per machine and brand, nor one for statuses and another for jackpots.
 */
export const LobbyNoticeEvent = {
  /** to lobby watchers: what changed on the floor since the last one (lobbyUpdateNotice) */
  lobbyUpdate: 'lobby-update',
  /** to the winner only */
  jackpotWon: 'jackpot-won',
} as const;

export const machineNotice = z.object({ id: z.number().int(), status: machineStatus });
export type MachineNotice = z.infer<typeof machineNotice>;

export const jackpotNotice = z.object({
  brandId: z.number().int(),
  /** the brand's jackpot values, comma-separated hundredths, as Brand.jackpot carries them */
  jackpot: z.string(),
});
export type JackpotNotice = z.infer<typeof jackpotNotice>;

/**
 * The floor's news since the last message: machines whose lobby status changed (§3 Machine
 * notification), oldest first (a machine may appear more than once; its last entry stands), and
 * every brand whose jackpot values changed. Either list may be empty, never both.
 */
export const lobbyUpdateNotice = z.object({
  machines: z.array(machineNotice),
  jackpots: z.array(jackpotNotice),
});
export type LobbyUpdateNotice = z.infer<typeof lobbyUpdateNotice>;

export const jackpotWonNotice = z.object({
  brandId: z.number().int(),
  brandName: z.string(),
  machineId: z.number().int(),
  machineName: z.string(),
  /** the progressive level that hit, e.g. Grand, Major, Mini */
  level: z.string(),
  /** hundredths paid to the wallet (ledger type 6 JACKPOT) */
  amount: z.number().int().positive(),
  /** wallet balance afterwards, hundredths */
  balance: z.number().int(),
});
export type JackpotWonNotice = z.infer<typeof jackpotWonNotice>;
