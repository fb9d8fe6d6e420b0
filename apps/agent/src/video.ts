// A cabinet's video, sent by its agent straight to each viewer (the server relays only the
// signalling): the screen drawn by packages/egm, one encode per viewer at the viewer's band, the
// same code as the server's own video (packages/cabinet-video). The agent tells the server when a
// viewer's stream is connected and sending (its start deadline), or failed.

import { acquireBandTrack, releaseBandTrack } from '@reelcast/cabinet-video/band-source';
import { PeerOffer } from '@reelcast/cabinet-video/peer-offer';
import { ScreenVideo } from '@reelcast/cabinet-video/screen-video';
import { createScreen, type Egm } from '@reelcast/egm';
import type { AgentVideoConfig, VideoSignalFromAgent, VideoStart } from '@reelcast/protocol/agent';
import type { SignalFromClient } from '@reelcast/protocol/machine-socket';

type Signal = VideoSignalFromAgent['signal'];

/** How often a new stream is checked for being connected and sending, and for how long. */
const PLAYING_POLL_MS = 100;
const PLAYING_GIVE_UP_MS = 60_000;

interface Viewer {
  offer: PeerOffer;
  bitrate: { startKbps: number; maxKbps: number };
  poll: NodeJS.Timeout | null;
}

export class CabinetVideo {
  private readonly screen: ScreenVideo;
  private readonly viewers = new Map<string, Viewer>();

  constructor(
    readonly machineId: number,
    egm: Egm,
    private readonly config: AgentVideoConfig,
    look: { title: string; look?: string | undefined },
  ) {
    const screen = createScreen(egm, {
      stamp: config.stamp,
      title: look.title,
      ...(look.look !== undefined ? { look: look.look } : {}),
    });
    this.screen = new ScreenVideo({
      machineId,
      screen,
      fps: () => config.fps,
      stamp: config.stamp,
      beforeFrame: () => egm.tick(),
    });
  }

  /** Offers the screen to a viewer; what it sends for them goes to `send`. */
  start(v: VideoStart, send: (s: Signal) => void): void {
    this.stop(v.viewerId);
    const { scale } = v;
    const track = scale > 1 ? acquireBandTrack(this.screen, scale) : this.screen.acquireVideo();
    const viewer: Viewer = {
      bitrate: { startKbps: v.startKbps, maxKbps: v.maxKbps },
      poll: null,
      offer: new PeerOffer({
        iceServers: this.config.iceServers,
        allowed: this.config.allowedAddresses,
        track,
        send,
        closed: () =>
          scale > 1 ? releaseBandTrack(this.screen, track) : this.screen.releaseVideo(track),
        failed: () => {
          this.stop(v.viewerId);
          send({ type: 'failed', reason: 'peer connection failed' });
        },
      }),
    };
    this.viewers.set(v.viewerId, viewer);
    viewer.offer.offer().then(
      (sent) => sent && this.watchPlaying(v.viewerId, viewer, send),
      (e) => {
        this.stop(v.viewerId);
        send({ type: 'failed', reason: String(e).slice(0, 200) });
      },
    );
  }

  /** Tells the server once the stream is connected and frames are going out. */
  private watchPlaying(viewerId: string, viewer: Viewer, send: (s: Signal) => void): void {
    const since = Date.now();
    const check = async () => {
      viewer.poll = null;
      if (this.viewers.get(viewerId) !== viewer) return;
      const frames = await viewer.offer.framesSent();
      if (this.viewers.get(viewerId) !== viewer) return;
      if (viewer.offer.connectionState === 'connected' && frames > 0) {
        send({ type: 'playing' });
        return;
      }
      if (Date.now() - since < PLAYING_GIVE_UP_MS) {
        viewer.poll = setTimeout(check, PLAYING_POLL_MS);
      }
    };
    viewer.poll = setTimeout(check, PLAYING_POLL_MS);
  }

  /** The viewer's answer or candidate; false when libwebrtc refused it (or no such viewer). */
  async signal(viewerId: string, signal: SignalFromClient): Promise<boolean> {
    const viewer = this.viewers.get(viewerId);
    if (!viewer) return false;
    try {
      await viewer.offer.signal(signal, viewer.bitrate);
      return true;
    } catch {
      return false;
    }
  }

  has(viewerId: string): boolean {
    return this.viewers.has(viewerId);
  }

  stop(viewerId: string): void {
    const viewer = this.viewers.get(viewerId);
    if (!viewer) return;
    this.viewers.delete(viewerId);
    if (viewer.poll) clearTimeout(viewer.poll);
    viewer.offer.close();
  }

  /** A press or touch shows in the very next frame (tap-to-photon). */
  renderNow(): void {
    this.screen.renderNow();
  }

  /** The layout changed: the frames change size from the next one. */
  resized(): void {
    this.screen.resized();
  }

  get viewerCount(): number {
    return this.viewers.size;
  }

  stopViewers(): void {
    for (const id of [...this.viewers.keys()]) this.stop(id);
  }

  close(): void {
    this.stopViewers();
    this.screen.stop();
  }
}
