// The notification connection (socket.io namespace /notice, spec §7): the token travels in the
// handshake, the client sends `init {id}`; the server pushes `balance` to every open tab of the
// player and broadcasts floor-wide news (machine status, jackpots) to everyone.
import { z } from 'zod';
import { idNumberOrText } from './bounds';
import type { JackpotNotice, JackpotWonNotice, MachineNotice } from './lobby';
import type { Ack, InfoNotification } from './machine-socket';

export { NOTICE_NAMESPACE } from './socket-namespaces';

/** Names of the events the server pushes on /notice. */
export const NoticeEvent = {
  balance: 'balance',
  machine: 'machine',
  jackpot: 'jackpot',
} as const;

export const noticeInit = z.object({ id: idNumberOrText });
export type NoticeInit = z.infer<typeof noticeInit>;

/** Every event a client may send on /notice, with its payload's schema (as machineClientEvents). */
export const noticeClientEvents = { init: noticeInit } as const;

/**
 * The wallet balance after a committed change. `seq` is the id of the ledger entry behind it:
 * entries of one player are numbered in commit order, so a tab ignores a late, older event.
 */
export const balanceNotice = z.object({
  /** hundredths */
  balance: z.number().int(),
  seq: z.number().int().nonnegative(),
});
export type BalanceNotice = z.infer<typeof balanceNotice>;

/** Acknowledgement of `init`: code 20000 and the balance as it stands, or an error body. */
export type NoticeInitAck = Ack<{ balance: BalanceNotice }>;

/** /notice, client → server, as socket.io types a socket (see MachineClientEvents). */
export type NoticeClientEvents = {
  init: (payload: z.input<typeof noticeInit>, ack: (answer: NoticeInitAck) => void) => void;
};

/**
 * /notice, server → client. `balance` goes to the player's tabs, `jackpot-won` to the winner's,
 * `machine` and `jackpot` to every signed-in tab; `info` says why the socket is being ended.
 */
export interface NoticeServerEvents {
  balance: (b: BalanceNotice) => void;
  machine: (m: MachineNotice) => void;
  jackpot: (j: JackpotNotice) => void;
  'jackpot-won': (j: JackpotWonNotice) => void;
  info: (i: InfoNotification) => void;
}
