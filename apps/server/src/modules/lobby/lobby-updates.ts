// The floor's news on its way to the lobbies: machine status changes and jackpot values, in one
// `lobby-update` message. Each message is a write (a system call) to every watching socket, the
// largest cost of a full floor (issue #16), so the news of a short window goes out together:
// a status change waits at most STATUS_WINDOW_MS for others; jackpots go at most once a second,
// riding along a message that goes anyway once half of that has passed. While a message is still
// going out (the hub sends it in slices), what comes meanwhile waits and goes in the next one, so
// a busy floor sends fewer, fuller messages instead of queuing them. Real time, not the seats'
// clock: it paces delivery, it decides nothing.
import { type JackpotNotice, LobbyNoticeEvent, type MachineNotice } from '@reelcast/protocol/lobby';
import type { NoticeHub } from '../notice/hub';

/** How long a status change waits for others to share its message; well under the lobby's second. */
export const STATUS_WINDOW_MS = 250;
/** Jackpot values go to the lobbies at most this often, however busy the floor. */
export const JACKPOT_INTERVAL_MS = 1000;

export interface LobbyUpdatesOptions {
  windowMs?: number;
  jackpotIntervalMs?: number;
}

export class LobbyUpdates {
  private machines: MachineNotice[] = [];
  private readonly brands = new Set<number>();
  private jackpotsSentAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private sending: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly windowMs: number;
  private readonly jackpotIntervalMs: number;

  constructor(
    private readonly notice: Pick<NoticeHub, 'toLobby'>,
    /** every brand's jackpot string, read when they go (JackpotService.byBrand) */
    private readonly jackpotValues: () => Promise<Map<number, string>>,
    opts: LobbyUpdatesOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? STATUS_WINDOW_MS;
    this.jackpotIntervalMs = opts.jackpotIntervalMs ?? JACKPOT_INTERVAL_MS;
  }

  /** A machine's lobby status changed. */
  status(change: MachineNotice): void {
    this.machines.push(change);
    this.dueBy(Date.now() + this.windowMs);
  }

  /** A game grew the brand's jackpot levels (or one hit and reset). */
  jackpotsGrew(brandId: number): void {
    this.brands.add(brandId);
    this.dueBy(Math.max(Date.now(), this.jackpotsSentAt + this.jackpotIntervalMs));
  }

  /** Resolves once what is being sent now has gone out (tests). */
  settled(): Promise<void> {
    return this.sending ?? Promise.resolve();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Arms the timer for `at`, unless it is already armed for earlier. */
  private dueBy(at: number): void {
    if (this.stopped || (this.timer && this.dueAt <= at)) return;
    if (this.timer) clearTimeout(this.timer);
    this.dueAt = at;
    this.timer = setTimeout(
      () => {
        this.timer = null;
        this.trigger();
      },
      Math.max(0, at - Date.now()),
    );
    this.timer.unref();
  }

  private trigger(): void {
    if (this.sending) {
      this.again = true;
      return;
    }
    this.sending = this.sendWhileDue().finally(() => {
      this.sending = null;
    });
  }

  private async sendWhileDue(): Promise<void> {
    do {
      this.again = false;
      await this.sendOne();
    } while (this.again && !this.stopped);
  }

  private async sendOne(): Promise<void> {
    const machines = this.machines;
    this.machines = [];
    let jackpots: JackpotNotice[] = [];
    const now = Date.now();
    if (this.brands.size > 0 && now >= this.jackpotsSentAt + this.jackpotIntervalMs / 2) {
      const brandIds = [...this.brands];
      this.brands.clear();
      this.jackpotsSentAt = now;
      jackpots = await this.readJackpots(brandIds);
    }
    // Jackpots too recent to ride along this one go on their own when their second is up.
    if (this.brands.size > 0) this.dueBy(this.jackpotsSentAt + this.jackpotIntervalMs);
    if (machines.length === 0 && jackpots.length === 0) return;
    await this.notice.toLobby(LobbyNoticeEvent.lobbyUpdate, { machines, jackpots });
  }

  private async readJackpots(brandIds: number[]): Promise<JackpotNotice[]> {
    try {
      const values = await this.jackpotValues();
      return brandIds.flatMap((brandId) => {
        const jackpot = values.get(brandId);
        return jackpot === undefined ? [] : [{ brandId, jackpot }];
      });
    } catch {
      // A read that fails is made good by the next game's growth or the lobby's polling.
      return [];
    }
  }
}
