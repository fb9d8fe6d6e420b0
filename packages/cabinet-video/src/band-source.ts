// A machine's video at a lower stream quality band (§3 bandSelects): the machine's frames are
// read back from its track, scaled down and fed to a source of their own, shared by every viewer
// of that machine on that band. (libwebrtc's own scaleResolutionDownBy would be cheaper, but
// @roamhq/wrtc's RTCRtpSender.setParameters refuses every call with InvalidStateError.)
import type { TrackSource } from './track-source';
import { wrtc } from './wrtc';

const { RTCVideoSource, RTCVideoSink } = wrtc.nonstandard;

type I420Frame = { width: number; height: number; data: Uint8Array };

/** Nearest-neighbour scaling of an I420 frame into out (dimensions even). */
export function scaleI420(src: I420Frame, out: I420Frame): void {
  const planes = [{ sw: src.width, sh: src.height, so: 0, dw: out.width, dh: out.height, doff: 0 }];
  const sLuma = src.width * src.height;
  const dLuma = out.width * out.height;
  const sw2 = src.width >> 1;
  const sh2 = src.height >> 1;
  const dw2 = out.width >> 1;
  const dh2 = out.height >> 1;
  planes.push({ sw: sw2, sh: sh2, so: sLuma, dw: dw2, dh: dh2, doff: dLuma });
  planes.push({
    sw: sw2,
    sh: sh2,
    so: sLuma + sw2 * sh2,
    dw: dw2,
    dh: dh2,
    doff: dLuma + dw2 * dh2,
  });
  for (const p of planes) {
    for (let y = 0; y < p.dh; y++) {
      const sy = Math.min(p.sh - 1, Math.floor((y * p.sh) / p.dh));
      const srow = p.so + sy * p.sw;
      const drow = p.doff + y * p.dw;
      for (let x = 0; x < p.dw; x++) {
        out.data[drow + x] = src.data[srow + Math.min(p.sw - 1, Math.floor((x * p.sw) / p.dw))]!;
      }
    }
  }
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

class BandSource {
  private readonly source = new RTCVideoSource({ isScreencast: false, needsDenoising: false });
  private readonly input: MediaStreamTrack;
  private readonly sink: InstanceType<typeof RTCVideoSink>;
  private out: I420Frame | null = null;
  readonly tracks = new Set<MediaStreamTrack>();

  constructor(
    private readonly agent: TrackSource,
    scale: number,
  ) {
    this.input = agent.acquireVideo();
    this.sink = new RTCVideoSink(this.input);
    this.sink.onframe = ({ frame }: { frame: I420Frame }) => {
      const width = even(frame.width / scale);
      const height = even(frame.height / scale);
      if (!this.out || this.out.width !== width || this.out.height !== height) {
        this.out = { width, height, data: new Uint8Array((width * height * 3) / 2) };
      }
      scaleI420(frame, this.out);
      this.source.onFrame(this.out);
    };
  }

  createTrack(): MediaStreamTrack {
    const track = this.source.createTrack();
    this.tracks.add(track);
    return track;
  }

  stop(): void {
    this.sink.stop();
    this.agent.releaseVideo(this.input);
  }
}

const sources = new Map<string, BandSource>();

/** A track of the machine's video scaled down by `scale` (> 1); release it with releaseBandTrack. */
export function acquireBandTrack(agent: TrackSource, scale: number): MediaStreamTrack {
  const key = `${agent.machineId}:${scale}`;
  let source = sources.get(key);
  if (!source) {
    source = new BandSource(agent, scale);
    sources.set(key, source);
  }
  return source.createTrack();
}

export function releaseBandTrack(agent: TrackSource, track: MediaStreamTrack): void {
  for (const [key, source] of sources) {
    if (!source.tracks.delete(track)) continue;
    track.stop();
    // The last viewer of this band left: stop reading the machine's frames for it.
    if (source.tracks.size === 0 && key.startsWith(`${agent.machineId}:`)) {
      source.stop();
      sources.delete(key);
    }
    return;
  }
}
