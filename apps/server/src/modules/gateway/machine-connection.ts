// One player's socket on the /machine namespace: init opens or resumes the slot session, then
// the server offers the machine's video over WebRTC; touches, presses and money requests go to
// the machine through the session service. Every payload is parsed with its protocol schema.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims } from '@reelcast/protocol/http';
import {
  type Ack,
  cashoutRequest,
  initRequest,
  pressEvent,
  type SlotSessionInfo,
  signalFromClient,
  touchEvent,
  transferRequest,
} from '@reelcast/protocol/machine-socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { z } from 'zod';
import { AppError } from '../../errors';
import type { Services } from '../../services';
import type { MachineAgent } from '../floor/agent';
import { wrtc } from '../floor/wrtc';
import { candidateAllowed, filterSdp } from './ice-filter';
import { TokenBucket } from './rate-limit';
import { withBitrateHints } from './sdp-bitrate';

type AckFn = (answer: Ack<Record<string, unknown>>) => void;

const errorAck = (code: number, params: Record<string, unknown> = {}) => ({
  code,
  ErrorMessage: errorMessages[code] ?? 'Error',
  Params: params,
});

/** Sockets dropped after this many refused events in a row: a flood, not a player. */
const FLOOD_LIMIT = 200;

export class MachineConnection {
  private claims: TokenClaims | null = null;
  private sessionId: number | null = null;
  private agent: MachineAgent | null = null;
  private pc: RTCPeerConnection | null = null;
  private track: MediaStreamTrack | null = null;
  private readonly bucket: TokenBucket;
  private refused = 0;

  constructor(
    private readonly socket: Socket,
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    this.bucket = new TokenBucket(services.config.SIGNAL_RATE_PER_SECOND);
    this.handle('init', initRequest, (p) => this.init(p));
    this.handle('signal', signalFromClient, (p) => this.signal(p));
    this.handle('touch', touchEvent, (p) => {
      const button = this.requireAgent().touch(p.x, p.y);
      return { button };
    });
    this.handle('press', pressEvent, (p) => ({ pressed: this.requireAgent().press(p.button) }));
    this.handle('transfer', transferRequest, async (p) => {
      const balance = await this.services.sessions.transfer(
        this.requireSession(),
        p.amount,
        p.requestId,
      );
      return { balance };
    });
    this.handle('cashout', cashoutRequest, async () => ({
      amount: await this.services.sessions.cashOut(this.requireSession()),
    }));
    socket.on('disconnect', () => this.dispose());
  }

  /** Registers an event whose payload must parse; errors go back in the acknowledgement. */
  private handle<S extends z.ZodType>(
    event: string,
    schema: S,
    fn: (
      payload: z.infer<S>,
    ) => Promise<Record<string, unknown> | undefined> | Record<string, unknown> | undefined,
  ): void {
    this.socket.on(event, async (payload: unknown, maybeAck?: unknown) => {
      const ack: AckFn = typeof maybeAck === 'function' ? (maybeAck as AckFn) : () => {};
      if (!this.bucket.take()) {
        if (++this.refused > FLOOD_LIMIT) this.socket.disconnect(true);
        return ack(errorAck(ErrorCode.rateLimited));
      }
      this.refused = 0;
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return ack(errorAck(ErrorCode.invalidRequest, { event }));
      try {
        const answer = (await fn(parsed.data)) ?? {};
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
    if (this.sessionId !== null) {
      if (this.agent?.machineId === p.machineID && this.claims?.id === claims.id) {
        return { session: this.sessionInfo(), machine: this.agent.state() };
      }
      throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'already joined a machine' });
    }
    const session = await this.services.sessions.open(claims.id, p.machineID);
    this.claims = claims;
    this.socket.data.jti = claims.jti;
    this.sessionId = session.id;
    this.agent = this.services.floor.agent(p.machineID)!;
    await this.socket.join([`machine:${p.machineID}`, `player:${claims.id}`]);
    queueMicrotask(() => this.startVideo().catch(() => this.videoFailed()));
    return { session: this.sessionInfo(), machine: this.agent.state() };
  }

  private sessionInfo(): SlotSessionInfo {
    const machineId = this.agent!.machineId;
    return {
      id: this.sessionId!,
      machineId,
      name: `#${machineId}`,
      status: 'open',
      machine_status: this.services.sessions.statusOf(machineId, true),
    };
  }

  private async startVideo(): Promise<void> {
    const agent = this.requireAgent();
    const allowed = this.services.config.ICE_ALLOWED_ADDRESSES;
    const pc = new wrtc.RTCPeerConnection({ iceServers: this.services.config.ICE_SERVERS });
    this.pc = pc;
    this.track = agent.acquireVideo();
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
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'failed') this.videoFailed();
    };
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    if (this.pc !== pc) return;
    this.socket.emit('signal', {
      type: 'offer',
      sdp: filterSdp(pc.localDescription!.sdp, allowed),
    });
  }

  private videoFailed(): void {
    this.socket.emit('info', {
      code: ErrorCode.pipelineFailed,
      params: {},
      message: errorMessages[ErrorCode.pipelineFailed]!,
    });
    this.closeVideo();
  }

  private async signal(p: z.infer<typeof signalFromClient>): Promise<undefined> {
    const pc = this.pc;
    if (!pc) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'no video offered' });
    const allowed = this.services.config.ICE_ALLOWED_ADDRESSES;
    if (p.type === 'answer') {
      const sdp = filterSdp(p.sdp, allowed);
      await pc.setRemoteDescription({
        type: 'answer',
        sdp: withBitrateHints(sdp, {
          startKbps: this.services.config.VIDEO_START_KBPS,
          maxKbps: this.services.config.VIDEO_MAX_KBPS,
        }),
      });
      return;
    }
    // The browser's candidates are filtered here, before libwebrtc sees them.
    if (!p.candidate || !candidateAllowed(p.candidate.candidate, allowed)) return;
    await pc.addIceCandidate({
      candidate: p.candidate.candidate,
      sdpMid: p.candidate.sdpMid ?? null,
      sdpMLineIndex: p.candidate.sdpMLineIndex ?? null,
    });
  }

  private requireAgent(): MachineAgent {
    if (!this.agent)
      throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'send init first' });
    return this.agent;
  }

  private requireSession(): number {
    if (this.sessionId === null) {
      throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'send init first' });
    }
    if (!this.services.sessions.sessionOf(this.sessionId)) {
      throw new AppError(ErrorCode.sessionTerminated, 409);
    }
    return this.sessionId;
  }

  private closeVideo(): void {
    if (this.track && this.agent) this.agent.releaseVideo(this.track);
    this.track = null;
    this.pc?.close();
    this.pc = null;
  }

  private dispose(): void {
    this.closeVideo();
    if (this.sessionId !== null) this.services.sessions.detach(this.sessionId);
  }
}
