// A cabinet's screen as WebRTC video: packages/egm draws the frames, they are converted to I420
// and fed to one video source that every viewer's track reads from. It draws only while a track
// is held (drawing is the costliest thing a floor does). Used by the simulated floor in the
// server and by the machine agent process alike.
import type { createScreen } from '@reelcast/egm';
import { writeFrameStampI420 } from './i420-stamp';
import type { TrackSource } from './track-source';
import { wrtc } from './wrtc';

/** Of unchanged frames, one in this many is sent (30 fps → 5 fps while the screen is still). */
const IDLE_FRAME_DIVISOR = 6;

const { RTCVideoSource, rgbaToI420 } = wrtc.nonstandard;

export type CabinetScreen = ReturnType<typeof createScreen>;

export interface ScreenVideoOptions {
  machineId: number;
  screen: CabinetScreen;
  /** Frames a second, read at every frame: the settings' FPS may change while it runs. */
  fps: () => number;
  /** stamp capture times into the frames (latency measurement) */
  stamp: boolean;
  /** runs before each frame is drawn (the game's clock: reels stop on time while watched) */
  beforeFrame?: () => void;
}

export class ScreenVideo implements TrackSource {
  readonly machineId: number;
  // A cabinet's screen is screen content, not camera video: libwebrtc then codes it in VP8's
  // screen-content mode (half the bits at a still sharp quantiser, less encoder CPU, bench:video)
  // and, when short of CPU, keeps the resolution, so meters and paytable text stay legible. No
  // denoising: the picture is synthetic, there is no sensor noise to remove.
  private readonly source = new RTCVideoSource({ isScreencast: true, needsDenoising: false });
  private readonly tracks = new Set<MediaStreamTrack>();
  private i420: Uint8Array;
  private timer: NodeJS.Timeout | null = null;
  private frameNumber = 0;
  private frames = 0;
  private nextFrameAt = 0;
  private unchangedFrames = 0;

  constructor(private readonly opts: ScreenVideoOptions) {
    this.machineId = opts.machineId;
    this.i420 = new Uint8Array((opts.screen.width * opts.screen.height * 3) / 2);
  }

  /** Frames of the screen handed to the video since the start (metrics: frames per second). */
  get framesSent(): number {
    return this.frames;
  }

  acquireVideo(): MediaStreamTrack {
    const track = this.source.createTrack();
    this.tracks.add(track);
    if (!this.timer) {
      this.nextFrameAt = performance.now();
      this.renderLoop();
    }
    return track;
  }

  releaseVideo(track: MediaStreamTrack): void {
    if (!this.tracks.delete(track)) return;
    track.stop();
    // Nobody watching: stop drawing.
    if (this.tracks.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  /**
   * A player's input is shown in the very next frame instead of waiting up to a frame interval
   * for the render tick (tap-to-photon, npm run bench:input); the timeline restarts from here.
   */
  renderNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.nextFrameAt = performance.now();
    this.renderLoop();
  }

  /** The screen changed layout: the frames change size from the next one, drawn at once. */
  resized(): void {
    this.renderNow();
  }

  private renderLoop = (): void => {
    const { screen, stamp } = this.opts;
    const interval = 1000 / this.opts.fps();
    const now = Date.now();
    const frame = this.frameNumber++;
    this.opts.beforeFrame?.();
    const { rgba, changed } = screen.renderFrame(now, frame);
    // The screen follows its cabinet's layout, which may change between frames (the frame after
    // a change is drawn whole): the size is the rendered frame's, and the buffer follows it.
    const { width, height } = screen;
    if (this.i420.length !== (width * height * 3) / 2) {
      this.i420 = new Uint8Array((width * height * 3) / 2);
    }
    if (changed || frame === 0) {
      rgbaToI420({ width, height, data: asBytes(rgba) }, { width, height, data: this.i420 });
      this.unchangedFrames = 0;
    } else if (stamp) {
      writeFrameStampI420(this.i420, width, height, { timeMs: now, frame });
    } else {
      this.unchangedFrames++;
    }
    // A still screen is sent at a few frames a second, enough to keep the stream alive; the next
    // change goes out on the very next tick.
    if (this.unchangedFrames % IDLE_FRAME_DIVISOR === 0) {
      this.source.onFrame({ width, height, data: this.i420 });
      this.frames++;
    }
    // Schedule against an ideal timeline so timer jitter does not lower the frame rate; after a
    // long stall skip ahead instead of bursting.
    this.nextFrameAt += interval;
    const t = performance.now();
    if (this.nextFrameAt < t - interval) this.nextFrameAt = t;
    this.timer = setTimeout(this.renderLoop, Math.max(0, this.nextFrameAt - t));
  };

  stop(): void {
    for (const t of this.tracks) t.stop();
    this.tracks.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}

const asBytes = (a: Uint8ClampedArray) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
