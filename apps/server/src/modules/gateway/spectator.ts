// A /machine socket's spectator pass (issue #18): `watch {machineID, token}` binds the socket to a
// machine as a spectator. It receives the machine's video (its own VideoSender, at the default
// band) and the `spectate` notices (viewer count, lobby status), and joins neither the machine's
// room (meters, credits, session notices) nor any seat: every input, money or layout event of a
// spectator socket is refused (40302, see MachineConnection.requireSeat). When the machine's
// session ends its spectators keep watching: the cabinet stays on the floor and the notice says
// it is available now.
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims } from '@reelcast/protocol/http';
import type {
  SignalFromClient,
  SpectateNotice,
  WatchRequest,
} from '@reelcast/protocol/machine-socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import { AppError, notFound } from '../../errors';
import type { MachineAgent, MachineVideo } from '../floor/agent';
import { turnAnswer } from '../media/turn';
import type { MachineGatewayDeps, MachineSocket } from './machine-gateway';
import type { Viewer } from './machine-viewers';
import { holdToken } from './revocation';
import { type SpectatorSeat, type Spectators, watchRoom } from './spectators';
import { VideoSender } from './video-sender';

/** The refusal of anything a spectator socket may not do. */
export const spectatorRefusal = () => new AppError(ErrorCode.spectatorOnly, 403);

type SpectatorDeps = Pick<
  MachineGatewayDeps,
  'config' | 'floor' | 'tokens' | 'sessions' | 'videoFaults' | 'machineViewers' | 'media'
>;

interface Watching {
  agent: MachineAgent & MachineVideo;
  playerId: number;
}

export class Spectator implements Viewer, SpectatorSeat {
  private watching: Watching | null = null;
  private readonly video: VideoSender;

  constructor(
    private readonly socket: MachineSocket,
    private readonly services: SpectatorDeps,
    private readonly spectators: Spectators,
    private readonly log: FastifyBaseLogger,
  ) {
    this.video = new VideoSender({
      config: services.config,
      videoFaults: services.videoFaults,
      // Through the media server when there is one: a spectator is one more subscriber there.
      media: services.media,
      send: (signal) => socket.emit('signal', signal),
      failed: (cause) => this.videoFailed(cause),
    });
    services.machineViewers.add(this);
  }

  /** The socket watches a machine now. */
  get active(): boolean {
    return this.watching !== null;
  }

  get playerId(): number {
    return this.watching?.playerId ?? 0;
  }

  /** metrics' viewers: the machine whose video this spectator has open */
  viewing(): number | null {
    return this.watching && this.video.offered ? this.watching.agent.machineId : null;
  }

  /** Binds the socket as a spectator of the machine and offers its video. */
  async watch(p: WatchRequest): Promise<SpectateNotice & ReturnType<typeof turnAnswer>> {
    let claims: TokenClaims;
    try {
      claims = await this.services.tokens.verify(p.token);
    } catch (e) {
      setTimeout(() => this.socket.disconnect(true), 50);
      throw e;
    }
    // Gone while its token was checked: nothing to take a spectator's place for.
    if (this.socket.disconnected) throw new AppError(ErrorCode.sessionTerminated, 409);
    const machineId = Number(p.machineID);
    const agent = this.services.floor.agent(machineId);
    if (!agent || agent.status === 'offline') throw notFound('machine');
    if (this.services.sessions.sessionOnMachine(machineId)?.playerId === claims.id) {
      throw new AppError(ErrorCode.ownSeat, 409, { machineId });
    }
    // Another machine watched before: one machine per spectator socket.
    if (this.watching && this.watching.agent.machineId !== machineId) this.stop();
    if (!this.watching) {
      this.watching = { agent, playerId: claims.id };
      try {
        this.spectators.add(machineId, this);
      } catch (e) {
        this.watching = null;
        throw e;
      }
      holdToken(this.socket as unknown as Socket, claims);
      // The player's room: a sign-out or a revoked token ends this socket like any other.
      await this.socket.join([watchRoom(machineId), `player:${claims.id}`]);
      if (this.socket.disconnected) this.dispose();
      if (this.watching?.agent !== agent) throw new AppError(ErrorCode.sessionTerminated, 409);
      queueMicrotask(() => this.startVideo());
      void this.spectators.announce(machineId);
    }
    // Spectators behind strict NATs need TURN as much as players do.
    return {
      ...(await this.spectators.notice(machineId)),
      ...turnAnswer(this.services.config, claims.id),
    };
  }

  /** The viewer's answer or candidate for the spectator's video. */
  async signal(p: SignalFromClient): Promise<void> {
    if (!this.watching) throw spectatorRefusal();
    await this.video.signal(p);
  }

  /** A fresh offer: the browser's peer connection failed while the socket stayed up. */
  restartVideo(): void {
    if (!this.watching) throw spectatorRefusal();
    this.video.close();
    queueMicrotask(() => this.startVideo());
  }

  private startVideo(): void {
    const watching = this.watching;
    if (!watching) return;
    this.video.start(watching.agent, watching.playerId).catch((e) => this.videoFailed(e));
  }

  private videoFailed(cause: unknown): void {
    if (!this.watching) {
      this.video.stop();
      return;
    }
    this.log.warn(
      { machineId: this.watching.agent.machineId, cause: String(cause) },
      'spectator video failed to start',
    );
    this.end(ErrorCode.pipelineFailed);
  }

  /** The watch is over (the video failed, or the player sat down at the machine): told why. */
  end(code: number): void {
    if (!this.watching) return;
    this.socket.emit('info', { code, params: {}, message: errorMessages[code] ?? 'Error' });
    this.stop();
  }

  /** Stops watching: no video, out of the machine's spectators and their room. */
  stop(): void {
    const watching = this.watching;
    this.video.stop();
    if (!watching) return;
    this.watching = null;
    const machineId = watching.agent.machineId;
    this.spectators.delete(machineId, this);
    void this.socket.leave(watchRoom(machineId));
  }

  /** The socket closed. */
  dispose(): void {
    this.stop();
    this.services.machineViewers.delete(this);
  }
}
