// A simulated cabinet in the server's process: packages/egm plays the game and draws the screen,
// and packages/cabinet-video turns the screen into the video every viewer's peer connection reads.
import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { ScreenVideo } from '@reelcast/cabinet-video/screen-video';
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
  private readonly screen: ReturnType<typeof createScreen>;
  private readonly video: ScreenVideo;
  /** The pending hand pay's id (the SAS hand-pay queue would number it); null when none. */
  private handPayId: string | null = null;

  constructor(
    readonly machineId: number,
    game: GameDefinition,
    fps: number | (() => number),
    opts: SimulatedAgentOptions = {},
  ) {
    super();
    const { handPayLimit, meters } = opts;
    const stamp = opts.stamp ?? false;
    this.egm = new Egm({
      game,
      ...(handPayLimit !== undefined ? { handPayLimit } : {}),
      ...(meters ? { meters } : {}),
    });
    const { title, look } = opts.screen ?? {};
    this.screen = createScreen(this.egm, {
      stamp,
      ...(title !== undefined ? { title } : {}),
      ...(look !== undefined ? { look } : {}),
    });
    this.look = look ?? defaultLookOf(game.id).id;
    this.video = new ScreenVideo({
      machineId,
      screen: this.screen,
      fps: typeof fps === 'number' ? () => fps : fps,
      stamp,
      beforeFrame: () => this.egm.tick(),
    });
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

  /**
   * The cabinet as another instance last saved it (that one ran the machine meanwhile, #19):
   * its counted meters, no credits and no hand pay until the open session's are restored.
   */
  reloadMeters(saved: EgmOptions['meters'] | null): void {
    this.egm.reloadMeters(saved ?? {});
    this.handPayId = null;
  }

  async cashOut(): Promise<{ amount: number; meters: MachineMeters }> {
    // An agent off line cannot reach the cabinet: the credits stay on it until it is back.
    const amount = this.status === 'ready' ? this.egm.cashOut() : 0;
    return { amount, meters: this.egm.meters };
  }

  async touch(x: number, y: number): Promise<MachineButton | null> {
    if (this.status !== 'ready') return null;
    const button = this.egm.touch(x, y);
    if (button) this.video.renderNow();
    return button;
  }

  async press(button: MachineButton): Promise<boolean> {
    if (this.status !== 'ready') return false;
    const pressed = this.egm.press(button);
    if (pressed) this.video.renderNow();
    return pressed;
  }

  get layout(): MachineLayout {
    return this.screen.layout;
  }

  async setLayout(layout: MachineLayout): Promise<{ width: number; height: number }> {
    this.screen.setLayout(layout);
    this.video.resized();
    const { width, height } = this.screen;
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
    return this.video.acquireVideo();
  }

  get framesSent(): number {
    return this.video.framesSent;
  }

  releaseVideo(track: MediaStreamTrack): void {
    this.video.releaseVideo(track);
  }

  stop(): void {
    this.video.stop();
  }
}
