// One player's socket on the /machine namespace: init opens or resumes the slot session, then
// the server offers the machine's video over WebRTC; touches, presses and money requests go to
// the machine through the session service. Every payload is parsed with its protocol schema.
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
import type { MachineAgent } from '../floor/agent';
import { wrtc } from '../floor/wrtc';
import { acquireBandTrack, releaseBandTrack } from './band-source';
import { payloadAndAck } from './event-args';
import { candidateAllowed, filterSdp } from './ice-filter';
import type { MachineGatewayDeps } from './machine-gateway';
import { TokenBucket } from './rate-limit';
import { holdToken } from './revocation';
import { withBitrateHints } from './sdp-bitrate';
import type { SeatBindings } from './seat-bindings';

type AckFn = (answer: Ack<Record<string, unknown>>) => void;

const errorAck = (code: number, params: Record<string, unknown> = {}) => ({
  code,
  ErrorMessage: errorMessages[code] ?? 'Error',
  Params: params,
});

/** Sockets dropped after this many refused events in a row: a flood, not a player. */
const FLOOD_LIMIT = 200;

type VideoBand = (typeof settingsDefaults.VIDEO_BANDS)[number];

/** Peer connections open on this server, per player: what a leaving player must not leave behind. */
const openPeers = new Map<number, number>();

export function peerConnectionCount(playerId?: number): number {
  if (playerId !== undefined) return openPeers.get(playerId) ?? 0;
  let total = 0;
  for (const n of openPeers.values()) total += n;
  return total;
}

/**
 * libwebrtc refusing what the browser sent (an SDP it cannot parse, an answer in the wrong state,
 * a candidate for no m-line) is bad input from the client: 40000, not a 50000 and an error log.
 */
async function refusedAsBadInput(step: Promise<void>, what: 'answer' | 'candidate'): Promise<void> {
  try {
    await step;
  } catch {
    throw new AppError(ErrorCode.invalidRequest, 400, { detail: `the ${what} was refused` });
  }
}

/** Video frames the peer connection has encoded for sending so far. */
async function framesSent(pc: RTCPeerConnection): Promise<number> {
  let frames = 0;
  try {
    const report = await pc.getStats();
    report.forEach((raw: unknown) => {
      const s = raw as { type?: string; kind?: string; framesEncoded?: number };
      if (s.type === 'outbound-rtp' && s.kind === 'video') frames += s.framesEncoded ?? 0;
    });
  } catch {
    // A peer connection closed meanwhile has no statistics: nothing was sent.
  }
  return frames;
}

/** The seat this socket acts for: the slot session it opened and the machine it is on. */
interface Binding {
  sessionId: number;
  playerId: number;
  agent: MachineAgent;
}

export class MachineConnection {
  private binding: Binding | null = null;
  /** Set once the socket has had a seat, so a stale input says the session ended (50100). */
  private everSeated = false;
  private pc: RTCPeerConnection | null = null;
  private track: MediaStreamTrack | null = null;
  /** the machine the track was taken from, to give it back to */
  private trackAgent: MachineAgent | null = null;
  /** the track comes from a scaled band source, not straight from the machine */
  private bandTrack = false;
  private band: VideoBand | null = null;
  /** the player the open peer connection is counted for */
  private peerOwner: number | null = null;
  private readonly bucket: TokenBucket;
  private refused = 0;
  /** Fails the video (70000) unless it is connected and sending frames in time. */
  private videoWatch: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly services: MachineGatewayDeps,
    private readonly log: FastifyBaseLogger,
    private readonly bindings: SeatBindings,
  ) {
    this.bucket = new TokenBucket(services.config.SIGNAL_RATE_PER_SECOND);
    this.handle('init', (p) => this.init(p));
    this.handle('signal', (p) => this.signal(p));
    this.handle('touch', (p) => {
      const seat = this.requireSeat();
      const button = seat.agent.touch(p.x, p.y);
      this.services.sessions.activity(seat.sessionId);
      return { button };
    });
    this.handle('press', (p) => {
      const seat = this.requireSeat();
      const pressed = seat.agent.press(p.button);
      this.services.sessions.activity(seat.sessionId);
      return { pressed };
    });
    this.handle('transfer', async (p) => {
      const seat = this.requireSeat();
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
    this.handle('layout', (p) => {
      const seat = this.requireSeat();
      return { layout: p.layout, ...seat.agent.setLayout(p.layout) };
    });
    this.handle('video', () => {
      this.requireSeat();
      this.closeVideo();
      queueMicrotask(() => this.startVideo().catch((e) => this.videoFailed(e)));
      return {};
    });
    this.handle('ping', () => ({}));
    socket.on('disconnect', () => this.dispose());
  }

  /**
   * Registers an event of the protocol's list; its payload must parse with the list's schema, and
   * errors go back in the acknowledgement.
   */
  private handle<E extends MachineClientEvent>(
    event: E,
    fn: (
      payload: z.infer<(typeof machineClientEvents)[E]>,
    ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined,
  ): void {
    const schema = machineClientEvents[event];
    this.socket.on(event as string, async (...args: unknown[]) => {
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

  private async init(p: z.infer<typeof initRequest>): Promise<Record<string, unknown>> {
    let claims: TokenClaims;
    try {
      claims = await this.services.tokens.verify(p.token);
    } catch (e) {
      // A bad token ends the connection once the answer has gone out.
      setTimeout(() => this.socket.disconnect(true), 50);
      throw e;
    }
    const held = this.heldSeat();
    if (held) {
      if (held.agent.machineId === p.machineID && held.playerId === claims.id) {
        return { session: this.sessionInfo(held), machine: held.agent.state() };
      }
      throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'already joined a machine' });
    }
    await this.checkZeroBalance(claims.id, p.machineID);
    const session = await this.services.sessions.open(claims.id, p.machineID);
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
    queueMicrotask(() => this.startVideo().catch((e) => this.videoFailed(e)));
    return { session: this.sessionInfo(seat), machine: seat.agent.state() };
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
      name: `#${machineId}`,
      status: 'open',
      machine_status: this.services.sessions.statusOf(machineId, true),
    };
  }

  private async startVideo(): Promise<void> {
    // Released before this ran (the session ended right after init): nothing to show.
    const seat = this.heldSeat();
    if (!seat) return;
    // One peer connection per socket: a start while one is open (a burst of 'video' or 'quality'
    // requests, each queueing a start) replaces it. Without this each start overwrote this.pc and
    // the one before stayed open, counted and holding its sockets, for good.
    this.closeVideo();
    const agent = seat.agent;
    const allowed = this.services.config.ICE_ALLOWED_ADDRESSES;
    const pc = new wrtc.RTCPeerConnection({ iceServers: this.services.config.ICE_SERVERS });
    this.pc = pc;
    this.peerOwner = seat.playerId;
    openPeers.set(this.peerOwner, (openPeers.get(this.peerOwner) ?? 0) + 1);
    // Restarts within the first deadline (the client's retry, a band change) do not extend it.
    if (!this.videoWatch) this.watchVideoStart();
    if (this.services.videoFaults.has(agent.machineId)) {
      throw new Error('machine video marked broken by staff');
    }
    // A band below full size reads from its scaled source; full size straight from the machine.
    const scale = this.band?.scale ?? 1;
    this.bandTrack = scale > 1;
    this.track = this.bandTrack ? acquireBandTrack(agent, scale) : agent.acquireVideo();
    this.trackAgent = agent;
    pc.addTrack(this.track, new wrtc.MediaStream([this.track]));
    pc.onicecandidate = (e) => {
      if (!e.candidate)
        return void this.socket.emit('signal', { type: 'candidate', candidate: null });
      if (!candidateAllowed(e.candidate.candidate, allowed)) return;
      this.socket.emit('signal', {
        type: 'candidate',
        candidate: {
          candidate: e.candidate.candidate,
          sdpMid: e.candidate.sdpMid,
          sdpMLineIndex: e.candidate.sdpMLineIndex,
        },
      });
    };
    // A peer connection that fails is offered anew when the client asks ('video'); one that
    // never gets going is the deadline's to judge.
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed' && this.pc === pc) this.closeVideo();
    };
    try {
      await pc.setLocalDescription(await pc.createOffer());
    } catch (e) {
      // Replaced meanwhile (its successor closed it): not a failure of the video.
      if (this.pc !== pc) return;
      throw e;
    }
    if (this.pc !== pc) return;
    this.socket.emit('signal', {
      type: 'offer',
      sdp: filterSdp(pc.localDescription!.sdp, allowed),
    });
  }

  /**
   * A renderer or encoder that never delivers, or a peer connection that never connects, looks
   * the same to the player as a frozen spinner: after VIDEO_START_TIMEOUT_MS it is a 70000.
   */
  private watchVideoStart(): void {
    this.videoWatch = setTimeout(() => {
      this.videoWatch = null;
      const pc = this.pc;
      if (!pc) return this.videoFailed('no peer connection');
      void framesSent(pc).then((frames) => {
        // Restarted meanwhile: the restart brought its own deadline.
        if (this.pc !== pc) return;
        if (pc.connectionState !== 'connected' || frames === 0) {
          this.videoFailed(`no video: ${pc.connectionState}, ${frames} frames`);
        }
      });
    }, this.services.config.VIDEO_START_TIMEOUT_MS);
  }

  /**
   * The machine's video could not be started: the player is told (70000) and leaves for the
   * lobby; the slot session and its credits stay as they are, for the reconnect dialog.
   */
  private videoFailed(cause: unknown): void {
    // A socket released meanwhile has no video to fail: the session's end was its message.
    if (!this.binding) {
      this.stopVideo();
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
    this.stopVideo();
  }

  private async signal(p: z.infer<typeof signalFromClient>): Promise<undefined> {
    this.requireSeat();
    const pc = this.pc;
    if (!pc) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'no video offered' });
    const allowed = this.services.config.ICE_ALLOWED_ADDRESSES;
    if (p.type === 'answer') {
      const sdp = filterSdp(p.sdp, allowed);
      // The band's bitrate cap is written into the answer like the server's own ceiling.
      const { VIDEO_START_KBPS, VIDEO_MAX_KBPS } = this.services.config;
      const maxKbps = Math.min(this.band?.maxKbps ?? VIDEO_MAX_KBPS, VIDEO_MAX_KBPS);
      await refusedAsBadInput(
        pc.setRemoteDescription({
          type: 'answer',
          sdp: withBitrateHints(sdp, { startKbps: Math.min(VIDEO_START_KBPS, maxKbps), maxKbps }),
        }),
        'answer',
      );
      return;
    }
    // The browser's candidates are filtered here, before libwebrtc sees them.
    if (!p.candidate || !candidateAllowed(p.candidate.candidate, allowed)) return;
    await refusedAsBadInput(
      pc.addIceCandidate({
        candidate: p.candidate.candidate,
        sdpMid: p.candidate.sdpMid ?? null,
        sdpMLineIndex: p.candidate.sdpMLineIndex ?? null,
      }),
      'candidate',
    );
  }

  /**
   * §3 activeBand: the viewer's video is offered anew at the band's size and bitrate cap (a new
   * offer replaces the peer connection; the picture pauses for a moment).
   */
  private setBand(id: string): Record<string, unknown> {
    this.requireSeat();
    const served = this.services.settings.current() as { VIDEO_BANDS?: VideoBand[] };
    const bands = served.VIDEO_BANDS ?? settingsDefaults.VIDEO_BANDS;
    const band = bands.find((b) => b.id === id);
    if (!band) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'unknown band' });
    const changed = this.band?.id !== band.id;
    this.band = band;
    const applied = changed && this.pc !== null;
    if (applied) {
      this.closeVideo();
      queueMicrotask(() => this.startVideo().catch((e) => this.videoFailed(e)));
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
    const seat = this.heldSeat();
    if (seat) return seat;
    if (this.everSeated) throw new AppError(ErrorCode.sessionTerminated, 409);
    throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'send init first' });
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
    this.stopVideo();
    void this.socket.leave(`machine:${seat.agent.machineId}`);
  }

  /** Video over for this connection: no deadline left to fail it. */
  private stopVideo(): void {
    if (this.videoWatch) clearTimeout(this.videoWatch);
    this.videoWatch = null;
    this.closeVideo();
  }

  private closeVideo(): void {
    if (this.track && this.trackAgent) {
      if (this.bandTrack) releaseBandTrack(this.trackAgent, this.track);
      else this.trackAgent.releaseVideo(this.track);
    }
    this.track = null;
    this.trackAgent = null;
    this.pc?.close();
    this.pc = null;
    if (this.peerOwner !== null) {
      const left = (openPeers.get(this.peerOwner) ?? 1) - 1;
      if (left > 0) openPeers.set(this.peerOwner, left);
      else openPeers.delete(this.peerOwner);
      this.peerOwner = null;
    }
  }

  private dispose(): void {
    const seat = this.binding;
    this.stopVideo();
    if (!seat) return;
    this.binding = null;
    this.bindings.unbind(seat.sessionId, this);
    this.services.sessions.detach(seat.sessionId);
  }
}
