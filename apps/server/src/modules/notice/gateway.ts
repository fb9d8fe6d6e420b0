// The /notice namespace (§7 notification connection). The token comes in the handshake (socket.io
// `auth.token`; the spec's query parameter is accepted too) and is verified before the socket is
// let in; `init {id}` then joins the player's room and answers the balance as it stands, so a tab
// that reconnects catches up on what it missed; `lobby {watch}` joins or leaves the lobby's room
// (machine statuses and jackpots go only to tabs showing the lobby). A socket ends when its token expires or is revoked,
// or its sign-in ends, or the player is superseded.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims } from '@reelcast/protocol/http';
import {
  NOTICE_NAMESPACE,
  type NoticeInitAck,
  type NoticeLobbyAck,
  noticeClientEvents,
} from '@reelcast/protocol/notice';
import type { FastifyBaseLogger } from 'fastify';
import type { Server, Socket } from 'socket.io';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import { payloadAndAck } from '../gateway/event-args';
import { TokenBucket } from '../gateway/rate-limit';
import { dropSocketsOnRevocation, holdToken } from '../gateway/revocation';
import { walletRepository } from '../wallet/repository';
import { type NoticeNamespace, playerRoom } from './hub';

/** Events a tab may send per second; init is all it needs, so this only stops floods. */
const NOTICE_RATE_PER_SECOND = 5;
const FLOOD_LIMIT = 50;

const errorAck = (code: number, params: Record<string, unknown> = {}) => ({
  code,
  ErrorMessage: errorMessages[code] ?? 'Error',
  Params: params,
});

function handshakeToken(socket: Socket): string | null {
  const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  if (typeof fromAuth === 'string' && fromAuth.length > 0 && fromAuth.length <= 4096) {
    return fromAuth;
  }
  const fromQuery = socket.handshake.query?.token;
  if (typeof fromQuery === 'string' && fromQuery.length > 0 && fromQuery.length <= 4096) {
    return fromQuery;
  }
  return null;
}

/** What the /notice sockets need of the app. */
export type NoticeGatewayDeps = Pick<Services, 'tokens' | 'database' | 'notice'>;

export function attachNoticeGateway(
  io: Server,
  services: NoticeGatewayDeps,
  log: FastifyBaseLogger,
): void {
  const nsp: NoticeNamespace = io.of(NOTICE_NAMESPACE);

  nsp.use((socket, next) => {
    const token = handshakeToken(socket);
    if (!token) return next(Object.assign(new Error('unauthorized'), { data: errorAck(40100) }));
    services.tokens.verify(token).then(
      (claims) => {
        socket.data.claims = claims;
        next();
      },
      (e) => {
        const code = e instanceof AppError ? e.code : ErrorCode.unauthorized;
        next(Object.assign(new Error('unauthorized'), { data: errorAck(code) }));
      },
    );
  });

  nsp.on('connection', (socket) => onConnection(socket, services, log));

  dropSocketsOnRevocation(nsp, services.tokens, (playerId) => `tokens:${playerId}`);
}

function onConnection(socket: Socket, services: NoticeGatewayDeps, log: FastifyBaseLogger) {
  const claims = socket.data.claims as TokenClaims;
  // Ends with its token: at expiry, on revocation, or when its sign-in ends.
  holdToken(socket, claims);
  const bucket = new TokenBucket(NOTICE_RATE_PER_SECOND);
  let refused = 0;
  let initialised = false;
  /** Takes a token of the socket's rate; a socket that keeps flooding is dropped. */
  const allowed = () => {
    if (bucket.take()) {
      refused = 0;
      return true;
    }
    if (++refused > FLOOD_LIMIT) socket.disconnect(true);
    return false;
  };
  // Revocation is looked up by player: the room is joined now, not only at init.
  void socket.join(`tokens:${claims.id}`);

  socket.on('init', async (...args: unknown[]) => {
    const { payload, ack } = payloadAndAck<NoticeInitAck>(args);
    if (!allowed()) return ack(errorAck(ErrorCode.rateLimited));
    const parsed = noticeClientEvents.init.safeParse(payload);
    if (!parsed.success) return ack(errorAck(ErrorCode.invalidRequest, { event: 'init' }));
    // A tab may only listen to its own player.
    if (parsed.data.id !== claims.id) return ack(errorAck(ErrorCode.forbidden));
    try {
      await socket.join(playerRoom(claims.id));
      initialised = true;
      const balance = await walletRepository.balanceWithSeq(services.database.db, claims.id);
      if (!balance) return ack(errorAck(ErrorCode.notFound, { what: 'player' }));
      ack({ code: ErrorCode.success, balance });
    } catch (e) {
      log.error({ err: e }, 'notice init failed');
      ack(errorAck(ErrorCode.internal));
    }
  });
  socket.on('lobby', async (...args: unknown[]) => {
    const { payload, ack } = payloadAndAck<NoticeLobbyAck>(args);
    if (!allowed()) return ack(errorAck(ErrorCode.rateLimited));
    const parsed = noticeClientEvents.lobby.safeParse(payload);
    if (!parsed.success) return ack(errorAck(ErrorCode.invalidRequest, { event: 'lobby' }));
    // The floor's news is for a signed-in tab of the player: init comes first.
    if (!initialised) return ack(errorAck(ErrorCode.forbidden, { event: 'lobby' }));
    const { watch } = parsed.data;
    await services.notice.watchLobby(socket, watch);
    ack({ code: ErrorCode.success, watch });
  });
  // Anything else is noise from a misbehaving client: counted against the flood limit.
  socket.onAny((event: string) => {
    if (event === 'init' || event === 'lobby') return;
    if (!bucket.take() && ++refused > FLOOD_LIMIT) socket.disconnect(true);
  });
}
