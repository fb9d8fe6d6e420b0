// One publisher in the media server: a machine's screen at one band, encoded once for every
// viewer of that band. A machine in this process publishes from its track (PeerOffer); an agent's
// cabinet publishes from the agent (its offer relayed by the server, as for a direct viewer).
import { acquireBandTrack, releaseBandTrack } from '@reelcast/cabinet-video/band-source';
import { PeerOffer } from '@reelcast/cabinet-video/peer-offer';
import type { SignalFromServer } from '@reelcast/protocol/machine-socket';
import type { MachineVideo } from '../floor/agent';
import { RelayedPeer } from '../gateway/relayed-peer';
import type { VideoBand } from '../gateway/video-sender';
import type { JanusMedia } from './janus';
import type { JanusHandle } from './janus-client';
import { publish } from './videoroom';

export interface FeedOptions {
  machine: MachineVideo;
  band: VideoBand;
  room: number;
}

type Candidate = Extract<SignalFromServer, { type: 'candidate' }>['candidate'];

export class Feed {
  readonly room: number;
  /** the publisher's feed id, once its media reaches the media server (webrtcup) */
  readonly ready: Promise<number>;
  /** settles when the publisher has stopped (closed, or failed) */
  readonly ended: Promise<void>;
  private handle: JanusHandle | null = null;
  private source: PeerOffer | RelayedPeer | null = null;
  private closed = false;
  private end!: () => void;

  constructor(
    private readonly media: JanusMedia,
    private readonly opts: FeedOptions,
  ) {
    this.room = opts.room;
    this.ended = new Promise((resolve) => {
      this.end = resolve;
    });
    this.ready = this.publish();
    this.ready.catch(() => this.close());
  }

  private async publish(): Promise<number> {
    const handle = await this.media.attach();
    this.handle = handle;
    if (this.closed) throw new Error('feed closed');
    const { band } = this.opts;
    const bitrate = { startKbps: band.maxKbps, maxKbps: band.maxKbps };
    // Candidates gathered before the media server has taken the offer wait for it.
    let joined: Promise<number> | null = null;
    const pending: Candidate[] = [];
    const trickle = (c: Candidate) => handle.trickle(c ?? null).catch(() => {});
    let feedId!: (id: number) => void;
    let failed!: (e: unknown) => void;
    const published = new Promise<number>((resolve, reject) => {
      feedId = resolve;
      failed = reject;
    });
    const send = (signal: SignalFromServer | { type: 'playing' | 'failed' }) => {
      if (signal.type === 'candidate') {
        if (joined) void joined.then(() => trickle(signal.candidate));
        else pending.push(signal.candidate);
        return;
      }
      if (signal.type !== 'offer') return;
      joined = publish(handle, {
        room: this.opts.room,
        bitrateBps: band.maxKbps * 1000,
        display: `machine ${this.opts.machine.machineId} ${band.id}`,
        offer: { type: 'offer', sdp: signal.sdp },
      }).then(async ({ feed, answer }) => {
        await this.source?.signal({ type: 'answer', sdp: answer.sdp }, bitrate);
        for (const c of pending.splice(0)) void trickle(c);
        return feed;
      });
      joined.catch(failed);
      void Promise.all([joined, webrtcUp]).then(([id]) => feedId(id), failed);
    };
    const webrtcUp = new Promise<void>((resolve, reject) => {
      handle.once('webrtcup', () => resolve());
      handle.once('hangup', () => reject(new Error('publisher hung up')));
      handle.once('detached', () => reject(new Error('publisher detached')));
    });
    webrtcUp.catch(() => {});
    this.source = this.sourceFor(send);
    await this.source.offer();
    return published;
  }

  /** Where the machine's frames come from: its track here, or its agent's own peer connection. */
  private sourceFor(send: (s: SignalFromServer) => void): PeerOffer | RelayedPeer {
    const { machine, band } = this.opts;
    const { allowed, iceServers } = this.media.config;
    const scale = band.scale ?? 1;
    const failed = () => this.close();
    if (machine.relay) {
      const bitrate = { startKbps: band.maxKbps, maxKbps: band.maxKbps };
      return new RelayedPeer({
        relay: machine.relay,
        allowed,
        scale,
        bitrate,
        send,
        closed: () => {},
        failed,
      });
    }
    const track = scale > 1 ? acquireBandTrack(machine, scale) : machine.acquireVideo();
    return new PeerOffer({
      iceServers,
      allowed,
      track,
      send,
      closed: () => (scale > 1 ? releaseBandTrack(machine, track) : machine.releaseVideo(track)),
      failed,
    });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.source?.close();
    const handle = this.handle;
    this.handle = null;
    void handle?.detach().catch(() => {});
    this.end();
  }
}
