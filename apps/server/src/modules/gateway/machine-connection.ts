// One player's socket on the /machine namespace: init opens or resumes the slot session, then
// the server offers the machine's video (video-sender.ts); touches, presses and money requests go
// to the machine through the session service. Every payload is parsed with its protocol schema.
//
// The socket is bound to the seat it opened, and every input and video request is checked, when
// it is handled, against "this socket's player holds the open session of this machine". Any end
// of that session (leave, cancel, idle, grace, staff quit, fault close) releases the binding: the
// socket leaves the machine's room and loses its video, so a socket kept open after leaving can
// neither act on nor watch the next player's machine.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims } from '@reelcast/protocol/http';
import {
  type Ack,
  type initRequest,
  type MachineAckBodies,
  type MachineClientEvent,
  machineClientEvents,
  type SlotSessionInfo,
  type signalFromClient,
} from '@reelcast/protocol/machine-socket';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { MachineAgent, MachineVideo } from '../floor/agent';
import { turnAnswer } from '../media/turn';
import { socketRefusal } from '../sessions/seat';
import { payloadAndAck } from './event-args';
import type { MachineGatewayDeps, MachineSocket } from './machine-gateway';
import type { Viewer } from './machine-viewers';
import { TokenBucket } from './rate-limit';
import { holdToken } from './revocation';
import type { SeatBindings } from './seat-bindings';
import { Spectator, spectatorRefusal } from './spectator';
import type { Spectators } from './spectators';
import { type VideoBand, VideoSender } from './video-sender';

type AckFn = (answer: Ack<Record<string, unknown>>) => void;

/** What a request's acknowledgement carries besides its code (the protocol's MachineAckBodies). */
type Answer<E extends MachineClientEvent> = E extends keyof MachineAckBodies
  ? MachineAckBodies[E]
  : undefined;

const errorAck = (code: number, params: Record<string, unknown> = {}) => ({
  code,
  ErrorMessage: errorMessages[code] ?? 'Error',
  Params: params,
});

/** Sockets dropped after this many refused events in a row: a flood, not a player. */
const FLOOD_LIMIT = 200;

export { peerConnectionCount } from './video-sender';

/** The seat this socket acts for: the slot session it opened and the machine it is on. */
interface Binding {
  sessionId: number;
  playerId: number;
  agent: MachineAgent & MachineVideo;
}

export class MachineConnection implements Viewer {
  private binding: Binding | null = null;
  /** Set once the socket has had a seat, so a stale input says the session ended (50100). */
  private everSeated = false;
  private readonly bucket: TokenBucket;
  private refused = 0;
  private readonly video: VideoSender;
  /** A socket is a player's or a spectator's (spectator.ts), never both. */
  private readonly spectator: Spectator;
  /**
   * The socket's joins (init, watch) one after another: a second init finds the seat the first
   * took, a watch finds the socket seated (and the other way round), instead of both going on.
   */
  private joins: Promise<unknown> = Promise.resolve();
  private disposed = false;

  constructor(
    private readonly socket: MachineSocket,
    private readonly services: MachineGatewayDeps,
    private readonly log: FastifyBaseLogger,
    private readonly bindings: SeatBindings,
    spectators: Spectators,
  ) {
    this.spectator = new Spectator(socket, services, spectators, log);
    this.bucket = new TokenBucket(services.config.SIGNAL_RATE_PER_SECOND);
    this.video = new VideoSender({
      config: services.config,
      videoFaults: services.videoFaults,
      media: services.media,
      send: (signal) => socket.emit('signal', signal),
      failed: (cause) => this.videoFailed(cause),
    });
    this.handle('init', (p) => this.inTurn(() => this.init(p)));
    this.handle('signal', (p) => this.signal(p));
    // While the server drains for a restart no game starts (50300): the drain waits for those
    // in play to end. Cash-out and leave stay open.
    this.handle('touch', async (p) => {
      const seat = this.requireSeat();
      this.services.lifecycle.refuseWhileDraining();
      this.services.playGuard.checkTouch(seat.sessionId, p.x, p.y);
      const button = await seat.agent.touch(p.x, p.y);
      this.services.sessions.activity(seat.sessionId);
      return { button };
    });
    this.handle('press', async (p) => {
      const seat = this.requireSeat();
      this.services.lifecycle.refuseWhileDraining();
      this.services.playGuard.checkPress(seat.sessionId, p.button);
      const pressed = await seat.agent.press(p.button);
      this.services.sessions.activity(seat.sessionId);
      return { pressed };
    });
    this.handle('transfer', async (p) => {
      const seat = this.requireSeat();
      this.services.lifecycle.refuseWhileDraining();
      // The wallet after the Cash In with its ledger seq: the client orders it with /notice's.
      const { balance, seq } = await this.services.sessions.transfer(
        seat.sessionId,
        p.amount,
        p.requestId,
        seat.playerId,
      );
      return { balance, seq };
    });
    this.handle('cashout', async () => {
      const seat = this.requireSeat();
      return { amount: await this.services.sessions.cashOut(seat.sessionId, seat.playerId) };
    });
    // The player leaves on purpose: cash out and close now, not after the grace period. The
    // close releases this socket's binding (see the gateway), like any other end of the session.
    this.handle('leave', async () => {
      const seat = this.requireSeat();
      return {
        amount: await this.services.sessions.close(seat.sessionId, 'player', seat.playerId),
      };
    });
    this.handle('quality', (p) => this.setBand(p.band));
    // The screen is the machine's: only the player of its slot session turns it.
    this.handle('layout', async (p) => {
      const seat = this.requireSeat();
      return { layout: p.layout, ...(await seat.agent.setLayout(p.layout)) };
    });
    this.handle('video', () => this.restartVideo());
    this.handle('ping', () => ({}));
    this.handle('watch', (p) =>
      this.inTurn(async () => {
        if (this.binding) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'seated' });
        return this.spectator.watch(p);
      }),
    );
    services.machineViewers.add(this);
    socket.on('disconnect', () => this.dispose());
  }

  /** Runs a join after the socket's earlier ones have finished, whatever their outcome. */
  private inTurn<T>(join: () => Promise<T>): Promise<T> {
    const run = this.joins.then(join, join);
    this.joins = run.catch(() => {});
    return run;
  }

  /** The machine whose video this socket has a peer connection open for (metrics' viewers). */
  viewing(): number | null {
    return this.binding && this.video.offered ? this.binding.agent.machineId : null;
  }

  /**
   * Registers an event of the protocol's list; its payload must parse with the list's schema, and
   * errors go back in the acknowledgement.
   */
  private handle<E extends MachineClientEvent>(
    event: E,
    fn: (payload: z.infer<(typeof machineClientEvents)[E]>) => Promise<Answer<E>> | Answer<E>,
  ): void {
    const schema = machineClientEvents[event];
    // Registered untyped: whatever a client sends arrives here and is parsed with the schema.
    (this.socket as unknown as Socket).on(event as string, async (...args: unknown[]) => {
      const { payload, ack } = payloadAndAck<Parameters<AckFn>[0]>(args);
      if (!this.bucket.take()) {
        if (++this.refused > FLOOD_LIMIT) this.socket.disconnect(true);
        return ack(errorAck(ErrorCode.rateLimited));
      }
      this.refused = 0;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return ack(errorAck(ErrorCode.invalidRequest, { event }));
      try {
        const answer = (await fn(parsed.data as z.infer<(typeof machineClientEvents)[E]>)) ?? {};
        ack({ code: ErrorCode.success, ...answer });
      } catch (e) {
        if (e instanceof AppError) return ack(e.toBody());
        this.log.error({ err: e, event }, 'machine socket handler failed');
        ack(errorAck(ErrorCode.internal));
      }
    });
  }

  private async init(p: z.infer<typeof initRequest>): Promise<MachineAckBodies['init']> {
    let claims: TokenClaims;
    try {
      claims = await this.services.tokens.verify(p.token);
    } catch (e) {
      // A bad token ends the connection once the answer has gone out.
      setTimeout(() => this.socket.disconnect(true), 50);
      throw e;
    }
    if (this.spectator.active) throw spectatorRefusal();
    const held = this.heldSeat();
    if (held) {
      if (held.agent.machineId === p.machineID && held.playerId === claims.id) {
        return {
          session: this.sessionInfo(held),
          machine: held.agent.state(),
          ...turnAnswer(this.services.config, claims.id),
        };
      }
      throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'already joined a machine' });
    }
    // No new seat while the server drains for a restart (50300): its sockets are about to close.
    this.services.lifecycle.refuseWhileDraining();
    await this.checkZeroBalance(claims.id, p.machineID);
    await this.services.playGuard.checkJoin(claims.id);
    const session = await this.services.sessions.open(claims.id, p.machineID);
    // The socket went while its seat was being opened: the seat does not count it.
    if (this.disposed) {
      this.services.sessions.detach(session.id);
      throw new AppError(ErrorCode.sessionTerminated, 409);
    }
    holdToken(this.socket, claims);
    const seat: Binding = {
      sessionId: session.id,
      playerId: claims.id,
      agent: this.services.floor.agent(p.machineID)!,
    };
    this.binding = seat;
    this.everSeated = true;
    this.bindings.bind(session.id, this);
    await this.socket.join([`machine:${p.machineID}`, `player:${claims.id}`]);
    // The session may have ended while the socket joined its rooms.
    if (this.binding !== seat) throw new AppError(ErrorCode.sessionTerminated, 409);
    queueMicrotask(() => this.startVideo());
    return {
      session: this.sessionInfo(seat),
      machine: seat.agent.state(),
      ...turnAnswer(this.services.config, claims.id),
    };
  }

  /**
   * §9 ZERO_BALANCE_PLAY (default on): with it on, an empty wallet still joins (credits already
   * on the machine can be played, and the game screen says how to add funds). With it off, a
   * player with nothing in the wallet and nothing of theirs on the machine is refused.
   */
  private async checkZeroBalance(playerId: number, machineId: number): Promise<void> {
    if (this.services.settings.current().ZERO_BALANCE_PLAY !== false) return;
    const own = this.services.sessions.sessionOnMachine(machineId);
    const credits =
      own?.playerId === playerId ? (this.services.floor.agent(machineId)?.state().credits ?? 0) : 0;
    if (credits > 0) return;
    if ((await this.services.ledger.balance(playerId)) > 0) return;
    throw new AppError(ErrorCode.zeroBalanceJoin, 402);
  }

  private sessionInfo(seat: Binding): SlotSessionInfo {
    const machineId = seat.agent.machineId;
    return {
      id: seat.sessionId,
      machineId,
      name: this.services.sessions.machineNames.of(machineId),
      status: 'open',
      machine_status: this.services.sessions.statusOf(machineId, true),
    };
  }

  /** A fresh offer: the browser's peer connection failed while the socket stayed up. */
  private restartVideo(): MachineAckBodies['video'] {
    if (this.spectator.active) {
      this.spectator.restartVideo();
      return {};
    }
    this.requireSeat();
    this.video.close();
    queueMicrotask(() => this.startVideo());
    return {};
  }

  /** Offers the seat's machine to this socket; the seat may have ended before this ran. */
  private startVideo(): void {
    const seat = this.heldSeat();
    if (!seat) return;
    this.video.start(seat.agent, seat.playerId).catch((e) => this.videoFailed(e));
  }

  /**
   * The machine's video could not be started: the player is told (70000) and leaves for the
   * lobby; the slot session and its credits stay as they are, for the reconnect dialog.
   */
  private videoFailed(cause: unknown): void {
    // A socket released meanwhile has no video to fail: the session's end was its message.
    if (!this.binding) {
      this.video.stop();
      return;
    }
    this.log.warn(
      {
        machineId: this.binding.agent.machineId,
        ...(cause instanceof Error ? { err: cause } : { cause }),
      },
      'machine video failed to start',
    );
    this.socket.emit('info', {
      code: ErrorCode.pipelineFailed,
      params: {},
      message: errorMessages[ErrorCode.pipelineFailed]!,
    });
    this.video.stop();
  }

  private async signal(p: z.infer<typeof signalFromClient>): Promise<undefined> {
    if (this.spectator.active) {
      await this.spectator.signal(p);
      return;
    }
    this.requireSeat();
    await this.video.signal(p);
  }

  /**
   * §3 activeBand: the viewer's video is offered anew at the band's size and bitrate cap (a new
   * offer replaces the peer connection; the picture pauses for a moment).
   */
  private setBand(id: string): MachineAckBodies['quality'] {
    this.requireSeat();
    const served = this.services.settings.current() as { VIDEO_BANDS?: VideoBand[] };
    const bands = served.VIDEO_BANDS ?? settingsDefaults.VIDEO_BANDS;
    const band = bands.find((b) => b.id === id);
    if (!band) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'unknown band' });
    const applied = this.video.setBand(band);
    if (applied) {
      this.video.close();
      queueMicrotask(() => this.startVideo());
    }
    return { band: band.id, applied };
  }

  /**
   * The seat this socket may act for now: its binding, when its player still holds that open
   * session. A binding whose session has ended is released on the spot.
   */
  private heldSeat(): Binding | null {
    const seat = this.binding;
    if (!seat) return null;
    if (this.services.sessions.holds(seat.sessionId, seat.playerId)) return seat;
    this.release();
    return null;
  }

  /** Every input and video request goes through here, at the moment it is handled. */
  private requireSeat(): Binding {
    if (this.spectator.active) throw spectatorRefusal();
    const seat = this.heldSeat();
    const refusal = socketRefusal(seat !== null, this.everSeated);
    if (refusal) throw new AppError(refusal.code, refusal.status, refusal.params ?? {});
    return seat!;
  }

  /**
   * The session this socket was bound to has ended: out of the machine's room, no video, no
   * binding. The socket stays connected and may sit down again with init.
   */
  release(): void {
    const seat = this.binding;
    if (!seat) return;
    this.binding = null;
    this.bindings.unbind(seat.sessionId, this);
    this.video.stop();
    void this.socket.leave(`machine:${seat.agent.machineId}`);
  }

  private dispose(): void {
    this.disposed = true;
    this.spectator.dispose();
    const seat = this.binding;
    this.video.stop();
    this.services.machineViewers.delete(this);
    if (!seat) return;
    this.binding = null;
    this.bindings.unbind(seat.sessionId, this);
    this.services.sessions.detach(seat.sessionId);
  }
}
