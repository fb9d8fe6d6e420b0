// The notification connection (socket.io namespace /notice, spec §7): the token travels in the
// handshake, the client sends `init {id}`; the server pushes `balance` to every open tab of the
// player, and floor-wide news (machine statuses, jackpots) to the tabs whose lobby is on screen:
// a tab says so with `lobby {watch}` after init, and again after each reconnect.
import { z } from 'zod';
import { idNumberOrText } from './bounds';
import { jackpotWonNotice, lobbyUpdateNotice } from './lobby';
import { type Ack, infoNotification } from './machine-socket';
import { waitListNotice } from './wait-list';

export { NOTICE_NAMESPACE } from './socket-namespaces';

/** Names of the events the server pushes on /notice. */
export const NoticeEvent = {
  balance: 'balance',
  lobbyUpdate: 'lobby-update',
} as const;

export const noticeInit = z.object({ id: idNumberOrText });
export type NoticeInit = z.infer<typeof noticeInit>;

/** The lobby is on screen (watch: true) or no longer (false): its pushes start or stop. */
export const noticeLobby = z.object({ watch: z.boolean() });
export type NoticeLobby = z.infer<typeof noticeLobby>;

/** Every event a client may send on /notice, with its payload's schema (as machineClientEvents). */
export const noticeClientEvents = { init: noticeInit, lobby: noticeLobby } as const;

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

/** What each request's acknowledgement carries besides code 20000 (see machineAckBodies). */
export const noticeAckBodies = {
  /** the balance as it stands */
  init: z.object({ balance: balanceNotice }),
  /** whether the socket now gets the lobby's pushes */
  lobby: z.object({ watch: z.boolean() }),
} as const;

/** Acknowledgement of `init`: code 20000 and the balance as it stands, or an error body. */
export type NoticeInitAck = Ack<z.infer<typeof noticeAckBodies.init>>;

/** Acknowledgement of `lobby`: whether the socket now gets the lobby's pushes. */
export type NoticeLobbyAck = Ack<z.infer<typeof noticeAckBodies.lobby>>;

/** /notice, client → server, as socket.io types a socket (see MachineClientEvents). */
export type NoticeClientEvents = {
  init: (payload: z.input<typeof noticeInit>, ack: (answer: NoticeInitAck) => void) => void;
  lobby: (payload: z.input<typeof noticeLobby>, ack: (answer: NoticeLobbyAck) => void) => void;
};

/**
 * /notice, server → client, and each payload's schema. `balance` goes to the player's tabs,
 * `jackpot-won` to the winner's, `lobby-update` to the tabs watching the lobby; `info`
 * says why the socket is ended.
 */
export const noticeServerEvents = {
  balance: balanceNotice,
  'lobby-update': lobbyUpdateNotice,
  'jackpot-won': jackpotWonNotice,
  info: infoNotification,
  /** to the player: their place in a machine's wait list changed (issue #18) */
  'wait-list': waitListNotice,
} as const;

/** /notice, server → client, as socket.io types a socket. */
export type NoticeServerEvents = {
  [E in keyof typeof noticeServerEvents]: (
    payload: z.infer<(typeof noticeServerEvents)[E]>,
  ) => void;
};
