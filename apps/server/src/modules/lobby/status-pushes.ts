// Machine status changes on their way to the lobbies. Each push is one write per watching socket
// (one system call each: the load bench's profile had a third of the server's time there at
// 2,000 players), so the changes of a short window go out as one message, in the order they
// happened. Real time, not the seats' clock: it paces delivery, it decides nothing.
import { LobbyNoticeEvent, type MachineNotice } from '@reelcast/protocol/lobby';
import type { NoticeHub } from '../notice/hub';

/** How long a change waits for others to share its message; well under the lobby's second. */
export const STATUS_PUSH_WINDOW_MS = 250;

export class StatusPushes {
  private pending: MachineNotice[] = [];
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly notice: Pick<NoticeHub, 'toLobby'>,
    private readonly windowMs = STATUS_PUSH_WINDOW_MS,
  ) {}

  /** Queues a change; the first of a window starts it. */
  add(change: MachineNotice): void {
    this.pending.push(change);
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), this.windowMs);
    this.timer.unref();
  }

  /** Sends what is queued now (the window's end, or shutdown). */
  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.pending.length === 0) return;
    const machines = this.pending;
    this.pending = [];
    this.notice.toLobby(LobbyNoticeEvent.machines, { machines });
  }
}
