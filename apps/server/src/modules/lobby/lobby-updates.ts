// The floor's news on its way to the lobbies: machine status changes and jackpot values, in one
// `lobby-update` message. Each message is a write (a system call) to every watching socket, the
// largest cost of a full floor (issue #16), so the lobbies get at most one a second, carrying
// everything since the last: a status change waits STATUS_WINDOW_MS for company, or until the
// second since the last message is up; grown jackpots wait for that second. With more watchers
// than LOBBY_WRITES_PER_SECOND the messages space out further, so the writes stay within that
// budget however many lobbies are open (10,000 watchers: one every 2 s). While a message is
// still going out (the hub sends it in slices), what comes meanwhile waits and goes in the next
// one, so a floor too busy for the pace sends fewer, fuller messages instead of queuing them.
// Real time, not the seats' clock: it paces delivery, it decides nothing.
import { type JackpotNotice, LobbyNoticeEvent, type MachineNotice } from '@reelcast/protocol/lobby';
import type { NoticeHub } from '../notice/hub';

/** How long a status change waits at least for others to share its message. */
export const STATUS_WINDOW_MS = 250;
/**
 * The lobbies get a message at most this often, however busy the floor: a status shows within
 * about a second (the spec's own refresh, §9 LOBBY_UPDATE, is 10 s), jackpots tick every second.
 */
export const LOBBY_UPDATE_INTERVAL_MS = 1000;
/**
 * Lobby writes a second this instance spends at most on its watchers: ~16 µs each, 8 % of its
 * thread, the rest left for the requests (a write also wakes its reader, on a shared box).
 */
export const LOBBY_WRITES_PER_SECOND = 5000;

export interface LobbyUpdatesOptions {
  windowMs?: number;
  intervalMs?: number;
  writesPerSecond?: number;
}

export class LobbyUpdates {
  private machines: MachineNotice[] = [];
  private readonly brands = new Set<number>();
  private sentAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private dueAt = 0;
  private sending: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private readonly windowMs: number;
  private readonly intervalMs: number;
  private readonly writesPerSecond: number;

  constructor(
    private readonly notice: Pick<NoticeHub, 'toLobby' | 'lobbyWatchers'>,
    /** every brand's jackpot string, read when they go (JackpotService.byBrand) */
    private readonly jackpotValues: () => Promise<Map<number, string>>,
    opts: LobbyUpdatesOptions = {},
  ) {
    this.windowMs = opts.windowMs ?? STATUS_WINDOW_MS;
    this.intervalMs = opts.intervalMs ?? LOBBY_UPDATE_INTERVAL_MS;
    this.writesPerSecond = opts.writesPerSecond ?? LOBBY_WRITES_PER_SECOND;
  }

  /** The least time between two messages: a second, or longer for more watchers than the budget. */
  private gapMs(): number {
    return Math.max(this.intervalMs, (1000 * this.notice.lobbyWatchers()) / this.writesPerSecond);
  }

  /** A machine's lobby status changed. */
  status(change: MachineNotice): void {
    this.machines.push(change);
    this.dueBy(Math.max(Date.now() + this.windowMs, this.sentAt + this.gapMs()));
  }

  /** A game grew the brand's jackpot levels (or one hit and reset). */
  jackpotsGrew(brandId: number): void {
    this.brands.add(brandId);
    this.dueBy(Math.max(Date.now(), this.sentAt + this.gapMs()));
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
    if (this.machines.length === 0 && this.brands.size === 0) return;
    this.sentAt = Date.now();
    const machines = this.machines;
    this.machines = [];
    const brandIds = [...this.brands];
    this.brands.clear();
    const jackpots = brandIds.length > 0 ? await this.readJackpots(brandIds) : [];
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
