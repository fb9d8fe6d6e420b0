// A simulated cabinet: packages/egm plays the game and draws the screen; frames are converted to
// I420 and fed to a WebRTC video source that every viewer's peer connection reads from.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  createScreen,
  defaultLookOf,
  Egm,
  type EgmOptions,
  type GameDefinition,
} from '@reelcast/egm';
import type { MachineMeters } from '@reelcast/protocol/floor';
import type { MachineButton, MachineLayout, MachineState } from '@reelcast/protocol/machine-socket';
import type { AgentStatus, FloorAgent, PendingHandPay } from './agent';
import { writeFrameStampI420 } from './i420-stamp';
import { wrtc } from './wrtc';

/** Of unchanged frames, one in this many is sent (30 fps → 5 fps while the screen is still). */
const IDLE_FRAME_DIVISOR = 6;

const { RTCVideoSource, rgbaToI420 } = wrtc.nonstandard;

export interface SimulatedAgentOptions {
  /** stamp capture times into the frames (latency measurement) */
  stamp?: boolean | undefined;
  /** wins at or over this many hundredths lock the machine for a hand pay */
  handPayLimit?: number | undefined;
  /** the meters saved when the server last stopped (the cabinet's NVRAM) */
  meters?: EgmOptions['meters'] | undefined;
  /** the title and look its screen shows (none: the game's) */
  screen?: { title?: string | undefined; look?: string | undefined };
}

export class SimulatedAgent extends EventEmitter implements FloorAgent {
  status: AgentStatus = 'ready';
  readonly egm: Egm;
  /** the look its screen is drawn in */
  readonly look: string;
  private readonly stamp: boolean;
  private readonly screen: ReturnType<typeof createScreen>;
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
  /** The pending hand pay's id (the SAS hand-pay queue would number it); null when none. */
  private handPayId: string | null = null;

  /** Frames a second, read at every frame: the settings' FPS may change while it runs. */
  private readonly fps: () => number;

  constructor(
    readonly machineId: number,
    game: GameDefinition,
    fps: number | (() => number),
    opts: SimulatedAgentOptions = {},
  ) {
    super();
    this.fps = typeof fps === 'number' ? () => fps : fps;
    const { handPayLimit, meters } = opts;
    this.stamp = opts.stamp ?? false;
    this.egm = new Egm({
      game,
      ...(handPayLimit !== undefined ? { handPayLimit } : {}),
      ...(meters ? { meters } : {}),
    });
    const { title, look } = opts.screen ?? {};
    this.screen = createScreen(this.egm, {
      stamp: this.stamp,
      ...(title !== undefined ? { title } : {}),
      ...(look !== undefined ? { look } : {}),
    });
    this.look = look ?? defaultLookOf(game.id).id;
    this.i420 = new Uint8Array((this.screen.width * this.screen.height * 3) / 2);
    this.egm.on('change', () => this.emit('change', this.state()));
    this.egm.on('game-started', (e: { bet: number }) => this.emit('game-started', { bet: e.bet }));
    this.egm.on('game-ended', (e) =>
      this.emit('game-ended', {
        bet: e.bet,
        win: e.win,
        handPay: e.handPay,
        stops: e.stops,
        grid: e.grid,
      }),
    );
    this.egm.on('cashout-button', () => this.emit('cashout-button'));
    this.egm.on('hand-pay-pending', () => {
      // A second award while one is pending adds to it: still one hand pay for the attendant.
      this.handPayId ??= randomUUID();
      this.emit('hand-pay-pending', this.pendingHandPay()!);
    });
  }

  state(): MachineState {
    const s = this.egm.state;
    return {
      id: this.machineId,
      // The cabinet's own state (idle, spinning, handpay, fault) once the agent itself is up.
      status: this.status === 'ready' ? s.status : this.status,
      credits: s.credits,
      bet: s.bet,
      win: s.win,
      spinning: s.spinning,
      autoplay: s.autoplay,
    };
  }

  // The cabinet is in this process: each of these acts at the call, and the promise only says so
  // (no await inside), so what the seats read right after is the cabinet at rest, as before.
  async transferIn(amount: number): Promise<MachineMeters> {
    if (this.status !== 'ready') throw new Error(`machine ${this.machineId} is ${this.status}`);
    this.egm.transferIn(amount);
    return this.egm.meters;
  }

  restoreCredits(amount: number): void {
    this.egm.restoreCredits(amount);
  }

  async cancelCashOut(amount: number): Promise<void> {
    this.egm.cancelCashOut(amount);
  }

  async cancelTransferIn(amount: number): Promise<void> {
    this.egm.cancelTransferIn(amount);
  }

  meters(): MachineMeters {
    return this.egm.meters;
  }

  async cashOut(): Promise<{ amount: number; meters: MachineMeters }> {
    // An agent off line cannot reach the cabinet: the credits stay on it until it is back.
    const amount = this.status === 'ready' ? this.egm.cashOut() : 0;
    return { amount, meters: this.egm.meters };
  }

  async touch(x: number, y: number): Promise<MachineButton | null> {
    if (this.status !== 'ready') return null;
    const button = this.egm.touch(x, y);
    if (button) this.renderNow();
    return button;
  }

  async press(button: MachineButton): Promise<boolean> {
    if (this.status !== 'ready') return false;
    const pressed = this.egm.press(button);
    if (pressed) this.renderNow();
    return pressed;
  }

  /**
   * A player's input is shown in the very next frame instead of waiting up to a frame interval
   * for the render tick (tap-to-photon, npm run bench:input); the timeline restarts from here.
   */
  private renderNow(): void {
    if (!this.timer) return;
    clearTimeout(this.timer);
    this.nextFrameAt = performance.now();
    this.renderLoop();
  }

  get layout(): MachineLayout {
    return this.screen.layout;
  }

  async setLayout(layout: MachineLayout): Promise<{ width: number; height: number }> {
    this.screen.setLayout(layout);
    const { width, height } = this.screen;
    // The render loop reads the size from the screen each frame; the buffer must match it.
    if (this.i420.length !== (width * height * 3) / 2)
      this.i420 = new Uint8Array((width * height * 3) / 2);
    this.renderNow();
    return { width, height };
  }

  async stopAutoplay(): Promise<void> {
    this.egm.setAutoplay(false);
  }

  pendingHandPay(): PendingHandPay | null {
    const amount = this.egm.state.handPay;
    if (amount === 0) return null;
    this.handPayId ??= randomUUID();
    return { id: this.handPayId, amount };
  }

  restoreHandPay(pending: PendingHandPay): void {
    // The id first: the egm's change event below must already show the same hand pay.
    this.handPayId = pending.id;
    this.egm.restoreHandPay(pending.amount);
  }

  async resetHandPay(): Promise<number> {
    const pending = this.status === 'ready' ? this.pendingHandPay() : null;
    if (!pending) return 0;
    const amount = this.egm.resetHandPay();
    this.handPayId = null;
    this.emit('hand-pay-reset', { id: pending.id, amount });
    return amount;
  }

  setDoor(open: boolean): void {
    this.egm.setDoor(open);
  }

  tilt(reason: string): void {
    this.egm.tilt(reason);
  }

  clearTilt(): void {
    this.egm.clearTilt();
  }

  setOffline(offline: boolean): void {
    const next: AgentStatus = offline ? 'offline' : 'ready';
    if (next === this.status) return;
    if (offline) this.egm.setAutoplay(false);
    this.status = next;
    this.emit('change', this.state());
  }

  tick(): void {
    this.egm.tick();
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

  get framesSent(): number {
    return this.frames;
  }

  releaseVideo(track: MediaStreamTrack): void {
    if (!this.tracks.delete(track)) return;
    track.stop();
    // Nobody watching: stop drawing, it is the costliest thing the floor does.
    if (this.tracks.size === 0 && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
  }

  private renderLoop = (): void => {
    const interval = 1000 / this.fps();
    const { width, height } = this.screen;
    const now = Date.now();
    const frame = this.frameNumber++;
    this.egm.tick();
    const { rgba, changed } = this.screen.renderFrame(now, frame);
    if (changed || frame === 0) {
      rgbaToI420({ width, height, data: asBytes(rgba) }, { width, height, data: this.i420 });
      this.unchangedFrames = 0;
    } else if (this.stamp) {
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
