// A viewer's video of a machine over WebRTC: one peer connection at a time, offered by the server
// (offer, answer, ICE candidates through the allow-list), the machine's screen at the viewer's
// band (size and bitrate cap), and the start watch: video that is not connected and sending
// frames within VIDEO_START_TIMEOUT_MS has failed (70000). The socket handler decides when;
// this module only knows peer connections and tracks.
import { acquireBandTrack, releaseBandTrack } from '@reelcast/cabinet-video/band-source';
import { PeerOffer, SignalRefused } from '@reelcast/cabinet-video/peer-offer';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { SignalFromClient, SignalFromServer } from '@reelcast/protocol/machine-socket';
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import type { MachineVideo } from '../floor/agent';
import type { JanusMedia } from '../media/janus';
import { JanusViewer } from '../media/janus-viewer';
import { realTimers, type TimerHandle, type Timers } from '../sessions/timers';
import { RelayedPeer } from './relayed-peer';
import type { VideoFaults } from './video-faults';

export type VideoBand = (typeof settingsDefaults.VIDEO_BANDS)[number];

export type VideoConfig = Pick<
  Config,
  | 'ICE_SERVERS'
  | 'ICE_ALLOWED_ADDRESSES'
  | 'VIDEO_START_KBPS'
  | 'VIDEO_MAX_KBPS'
  | 'VIDEO_START_TIMEOUT_MS'
>;

export interface VideoSenderDeps {
  config: VideoConfig;
  videoFaults: Pick<VideoFaults, 'has'>;
  /** sends a signal to the viewer's socket */
  send(signal: SignalFromServer): void;
  /** the video could not be started (the caller tells the player: 70000) */
  failed(cause: unknown): void;
  /** the deadline's clock (real time unless a test gives one) */
  timers?: Timers;
  /** the media server (JANUS_URL): viewers subscribe through it; none, the video is direct */
  media?: JanusMedia | null;
}

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
function asBadInput(e: unknown): never {
  if (e instanceof SignalRefused) {
    throw new AppError(ErrorCode.invalidRequest, 400, { detail: e.message });
  }
  throw e;
}

/** One viewer's video: direct from here, relayed from an agent, or through the media server. */
type ViewerPeer = PeerOffer | RelayedPeer | JanusViewer;

export class VideoSender {
  private peer: ViewerPeer | null = null;
  private band: VideoBand | null = null;
  /** Fails the video (70000) unless it is connected and sending frames in time. */
  private watch: TimerHandle | null = null;
  private readonly timers: Timers;

  constructor(private readonly deps: VideoSenderDeps) {
    this.timers = deps.timers ?? realTimers;
  }

  /** A peer connection is open (offered, connecting or connected). */
  get offered(): boolean {
    return this.peer !== null;
  }

  /** Offers the machine's screen to the player's viewer; replaces any peer connection open. */
  async start(machine: MachineVideo, playerId: number): Promise<void> {
    // One peer connection per socket: a start while one is open (a burst of 'video' or 'quality'
    // requests, each queueing a start) replaces it, so the one before never stays open.
    this.close();
    // Restarts within the first deadline (the client's retry, a band change) do not extend it.
    if (!this.watch) this.watchStart();
    if (this.deps.videoFaults.has(machine.machineId)) {
      throw new Error('machine video marked broken by staff');
    }
    const peer = this.peerFor(machine, () => {
      const left = (openPeers.get(playerId) ?? 1) - 1;
      if (left > 0) openPeers.set(playerId, left);
      else openPeers.delete(playerId);
    });
    // Counted open until it is really closed (see GuardedPeer): what a leaving player leaves.
    openPeers.set(playerId, (openPeers.get(playerId) ?? 0) + 1);
    this.peer = peer;
    try {
      await peer.offer();
    } catch (e) {
      // Replaced meanwhile (its successor closed it): not a failure of the video.
      if (this.peer !== peer) return;
      throw e;
    }
  }

  /**
   * The machine's screen for this viewer: a subscription through the media server when there is
   * one; else a peer connection here reading its track, or, for a cabinet whose agent sends its
   * video itself, the relay of the agent's signalling.
   */
  private peerFor(machine: MachineVideo, closed: () => void): ViewerPeer {
    const allowed = this.deps.config.ICE_ALLOWED_ADDRESSES;
    const scale = this.band?.scale ?? 1;
    // A peer connection that fails is offered anew when the client asks ('video'); one that
    // never gets going is the deadline's to judge.
    const failed = () => this.peer === peer && this.close();
    const send = (signal: SignalFromServer) => this.peer === peer && this.deps.send(signal);
    let peer: ViewerPeer;
    const media = this.deps.media;
    if (media) {
      // No band chosen yet: the full-size one, as the direct video sends.
      const band = this.band ?? settingsDefaults.VIDEO_BANDS[0]!;
      peer = new JanusViewer({ media, machine, band, send, closed, failed });
      return peer;
    }
    if (machine.relay) {
      peer = new RelayedPeer({
        relay: machine.relay,
        allowed,
        scale,
        bitrate: this.bitrate(),
        send,
        closed,
        failed,
      });
      return peer;
    }
    // A band below full size reads from its scaled source; full size straight from the machine.
    // The track is given back after the peer connection has really closed, not under its sender.
    const track = scale > 1 ? acquireBandTrack(machine, scale) : machine.acquireVideo();
    peer = new PeerOffer({
      iceServers: this.deps.config.ICE_SERVERS,
      allowed,
      track,
      send,
      closed: () => {
        if (scale > 1) releaseBandTrack(machine, track);
        else machine.releaseVideo(track);
        closed();
      },
      failed,
    });
    return peer;
  }

  /** The viewer's answer or an ICE candidate of theirs, through the allow-list. */
  async signal(p: SignalFromClient): Promise<void> {
    const peer = this.peer;
    if (!peer) throw new AppError(ErrorCode.invalidRequest, 400, { detail: 'no video offered' });
    await peer.signal(p, this.bitrate()).catch(asBadInput);
  }

  /** The band's bitrate cap, within the server's own ceiling. */
  private bitrate(): { startKbps: number; maxKbps: number } {
    const { VIDEO_START_KBPS, VIDEO_MAX_KBPS } = this.deps.config;
    const maxKbps = Math.min(this.band?.maxKbps ?? VIDEO_MAX_KBPS, VIDEO_MAX_KBPS);
    return { startKbps: Math.min(VIDEO_START_KBPS, maxKbps), maxKbps };
  }

  /**
   * §3 activeBand: the band for the next offer. Answers whether the video open now must be
   * offered anew at it (a new band while a peer connection is open).
   */
  setBand(band: VideoBand): boolean {
    const changed = this.band?.id !== band.id;
    this.band = band;
    return changed && this.peer !== null;
  }

  /**
   * A renderer or encoder that never delivers, or a peer connection that never connects, looks
   * the same to the player as a frozen spinner: after VIDEO_START_TIMEOUT_MS it is a 70000.
   */
  private watchStart(): void {
    this.watch = this.timers.setTimeout(() => {
      this.watch = null;
      const peer = this.peer;
      if (!peer) return this.deps.failed('no peer connection');
      void peer.framesSent().then((frames) => {
        // Restarted or stopped meanwhile: the restart brought its own deadline.
        if (this.peer !== peer) return;
        const state = peer.connectionState;
        if (state !== 'connected' || frames === 0) {
          this.deps.failed(`no video: ${state}, ${frames} frames`);
        }
      });
    }, this.deps.config.VIDEO_START_TIMEOUT_MS);
  }

  /** Video over for this viewer: the peer connection closed and no deadline left to fail it. */
  stop(): void {
    if (this.watch) this.timers.clearTimeout(this.watch);
    this.watch = null;
    this.close();
  }

  /**
   * Closes the peer connection (at once, or when its pending step settles) and then gives the
   * track back; the start deadline stays.
   */
  close(): void {
    this.peer?.close();
    this.peer = null;
  }
}
