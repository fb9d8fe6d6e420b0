// The notification connection (socket.io namespace /notice, spec §7): the token travels in the
// handshake, the client sends `init {id}`; the server pushes `balance` to every open tab of the
// player and broadcasts floor-wide news (machine status, jackpots) to everyone.
import { z } from 'zod';
import { idNumberOrText } from './bounds';

export const NOTICE_NAMESPACE = '/notice';

/** Names of the events the server pushes on /notice. */
export const NoticeEvent = {
  balance: 'balance',
  machine: 'machine',
  jackpot: 'jackpot',
} as const;

export const noticeInit = z.object({ id: idNumberOrText });
export type NoticeInit = z.infer<typeof noticeInit>;

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
export type NoticeInitAck =
  | { code: 20000; balance: BalanceNotice }
  | { code: number; ErrorMessage: string; Params: Record<string, unknown> };
