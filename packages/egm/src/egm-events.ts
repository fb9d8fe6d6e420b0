// What the machine reports: its state, its SAS-modelled meters and the events it raises, with the
// SAS exception each event stands for (what a SAS-connected cabinet's agent would read instead).
import type { LineWin, ScatterWin } from './game';

/**
 * SAS-modelled meters, money in hundredths, games as counts. How they add up (tested):
 *
 *   transferredIn − transferredOut = coinIn − coinOut + currentCredits
 *   jackpot − handPaid             = the hand pay pending (state.handPay)
 *
 * A win at or over the hand-pay limit never reaches the credit meter: it counts in `jackpot`
 * when it locks the machine and in `handPaid` when an attendant pays it (resetHandPay; the server
 * credits the wallet with a Hand Pay, ledger type 5). The ledger then reconciles with the machine
 * as Σ Cash In − (Σ Cash Out + Σ Hand Pay) = coinIn − coinOut − handPaid + credits: the money
 * that left the machine for the wallet includes the hand pays. The machine's hold is
 * coinIn − coinOut − jackpot. A progressive award counts like a game win: in coinOut when it goes
 * onto the credit meter, in jackpot (then handPaid) when it is hand paid, and in `progressive`
 * either way.
 */
export interface Meters {
  /** Total bet (SAS 0000 coin in). */
  coinIn: number;
  /** Wins paid onto the credit meter, game and progressive (SAS 0001 coin out). */
  coinOut: number;
  /** Wins at or over the hand-pay limit, counted when they lock the machine (SAS 0002 jackpot). */
  jackpot: number;
  /** Hand pays an attendant has paid: resetHandPay() (SAS 0003 hand paid cancelled credits). */
  handPaid: number;
  /** The credit meter now (SAS 000C current credits); read-only, not restorable as a meter. */
  currentCredits: number;
  gamesPlayed: number;
  /** Games that won anything, hand paid or not. */
  gamesWon: number;
  /** Electronic transfers to the machine: transferIn(). */
  transferredIn: number;
  /** Electronic transfers to the host: cashOut(). */
  transferredOut: number;
  /** Progressive awards, however paid (also in coinOut or jackpot). */
  progressive: number;
}

/**
 * What the machine is doing, most pressing first:
 * - 'fault': the door is open or it is tilted. Nothing can be played or bet; credits stay and a
 *   game already under way still finishes (its outcome was decided when it started). cashOut()
 *   still works, so a player can leave.
 * - 'handpay': a win or progressive award waits for an attendant (resetHandPay()). Nothing can be
 *   played, bet or cashed out.
 * - 'spinning': a game is under way.
 * - 'idle': ready to play.
 */
export type EgmStatus = 'idle' | 'spinning' | 'handpay' | 'fault';

export interface EgmState {
  status: EgmStatus;
  /** Hundredths on the credit meter. */
  credits: number;
  /** Current total bet, hundredths. */
  bet: number;
  /** Win of the last finished game (hand paid or not), hundredths; 0 once a new game starts. */
  win: number;
  /** A game is under way (also while faulted). */
  spinning: boolean;
  autoplay: boolean;
  /** grid[reel][row] of the reels at rest (the last result; unchanged while spinning). */
  grid: string[][];
  /** Hand pay waiting for an attendant, hundredths; 0 when none. */
  handPay: number;
  doorOpen: boolean;
  /** Why the machine is tilted, or null. */
  tilt: string | null;
}

export interface GameStartedEvent {
  bet: number;
  stops: number[];
}

export interface GameEndedEvent {
  bet: number;
  /** The whole win, including one that went to hand pay instead of the credit meter. */
  win: number;
  /** The win locked the machine for a hand pay and was not credited. */
  handPay: boolean;
  stops: number[];
  grid: string[][];
  lines: LineWin[];
  scatter: ScatterWin | null;
}

export interface HandPayPendingEvent {
  /** This award, hundredths (state.handPay holds all that is pending). */
  amount: number;
  source: 'game' | 'progressive';
}

export interface ProgressiveWinEvent {
  amount: number;
  level: string | null;
  /** Too big for the credit meter: it waits for a hand pay. */
  handPay: boolean;
}

export interface TransferCompleteEvent {
  direction: 'to-machine' | 'to-host';
  amount: number;
}

export type EgmEvents = {
  change: [state: EgmState];
  'game-started': [event: GameStartedEvent];
  'game-ended': [event: GameEndedEvent];
  'cashout-button': [];
  'hand-pay-pending': [event: HandPayPendingEvent];
  'hand-pay-reset': [event: { amount: number }];
  'progressive-win': [event: ProgressiveWinEvent];
  'transfer-complete': [event: TransferCompleteEvent];
  'door-open': [];
  'door-closed': [];
  tilt: [event: { reason: string }];
  'tilt-cleared': [event: { reason: string }];
};

/** The SAS general exception each event stands for (a SAS agent would raise these). */
export const sasExceptionCodes = {
  'door-open': 0x11,
  'door-closed': 0x12,
  tilt: 0x20,
  'hand-pay-pending': 0x51,
  'hand-pay-reset': 0x52,
  'progressive-win': 0x54,
  'cashout-button': 0x66,
  'transfer-complete': 0x69,
  'game-started': 0x7e,
  'game-ended': 0x7f,
} as const satisfies Partial<Record<keyof EgmEvents, number>>;

/** A game as recorded for recall, from the moment its outcome was drawn. */
export interface GameRecord {
  startedAt: number;
  bet: number;
  stops: number[];
  win: number;
  handPay: boolean;
}
