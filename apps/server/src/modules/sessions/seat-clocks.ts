// The seats' clocks written down (issue #19): the end of a grace period and of a connected
// player's idle period go to the session's row, so the instance that adopts a machine whose
// owner died counts on from them instead of starting over. Writes run beside the machine's queue,
// one after another per session (a later end never lands before an earlier one), and a failed
// one is logged: the clock itself runs on in memory.
import type { Db } from '../../db/client';
import { type SlotSession, sessionsRepository } from './repository';
import type { FailureLog } from './seat-money';
import type { SeatClockKind } from './seat-timers';

/**
 * A press re-arms the idle period many times a second: its end is written again only once it has
 * moved this far past the one written (the record is at most this far behind the real end).
 */
export const IDLE_WRITE_STEP_MS = 5_000;

/** What the row holds or will once the writes under way land; undefined: not known (a failure). */
type Written = Record<SeatClockKind, number | null | undefined>;
type Patch = Partial<Record<SeatClockKind, number | null>>;

const toDate = (ms: number | null) => (ms === null ? null : new Date(ms));

export class SeatClocks {
  private readonly written = new Map<number, Written>();
  /** the change waiting for its write, per session */
  private readonly waiting = new Map<number, Patch>();
  /** the write loop of a session, while it runs */
  private readonly writing = new Map<number, Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly log: FailureLog,
    /** the open session on the machine's seat here */
    private readonly sessionOn: (machineId: number) => SlotSession | null,
  ) {}

  /** A clock of the machine's seat changed (seat-timers.ts): written down when it matters. */
  changed(machineId: number, clock: SeatClockKind, endsAt: number | null): void {
    const session = this.sessionOn(machineId);
    // A seat freed (closed, disowned) first: its row keeps what it holds.
    if (!session) return;
    const written = this.writtenFor(session);
    const before = written[clock];
    if (!worthWriting(clock, before, endsAt)) return;
    written[clock] = endsAt;
    this.waiting.set(session.id, { ...this.waiting.get(session.id), [clock]: endsAt });
    if (!this.writing.has(session.id)) this.writing.set(session.id, this.write(session.id));
  }

  /** The session's seat is gone from here: nothing more is written for it. */
  forget(sessionId: number): void {
    this.written.delete(sessionId);
    this.waiting.delete(sessionId);
  }

  /** Resolves once the writes under way have landed (or failed, logged). */
  async settled(): Promise<void> {
    while (this.writing.size > 0) await Promise.all(this.writing.values());
  }

  private writtenFor(session: SlotSession): Written {
    let written = this.written.get(session.id);
    if (!written) {
      // The row as the seat was opened or adopted with it.
      written = {
        grace: session.graceEndsAt?.getTime() ?? null,
        idle: session.idleEndsAt?.getTime() ?? null,
      };
      this.written.set(session.id, written);
    }
    return written;
  }

  /** Writes the session's waiting changes until none is left; changes made together go as one. */
  private async write(sessionId: number): Promise<void> {
    // After the current turn: a clock stopped and another started by one move are one write.
    await Promise.resolve();
    for (let patch = this.waiting.get(sessionId); patch; patch = this.waiting.get(sessionId)) {
      this.waiting.delete(sessionId);
      try {
        await sessionsRepository.setClocks(this.db, sessionId, {
          ...('grace' in patch ? { graceEndsAt: toDate(patch.grace ?? null) } : {}),
          ...('idle' in patch ? { idleEndsAt: toDate(patch.idle ?? null) } : {}),
        });
      } catch (err) {
        this.log.error({ err, sessionId }, 'seat clocks not written');
        // Not known what the row holds now: the next change of these clocks is written.
        const written = this.written.get(sessionId);
        for (const clock of Object.keys(patch) as SeatClockKind[]) {
          if (written) written[clock] = undefined;
        }
      }
    }
    this.writing.delete(sessionId);
  }
}

/**
 * Whether a clock's new end is worth a write: any change of the grace period's; the idle period's
 * when it stops, or when it starts or moves on by IDLE_WRITE_STEP_MS from the end written.
 */
function worthWriting(
  clock: SeatClockKind,
  written: number | null | undefined,
  endsAt: number | null,
): boolean {
  if (written === undefined) return true;
  if (endsAt === null || written === null) return endsAt !== written;
  if (clock === 'grace') return endsAt !== written;
  return endsAt - written >= IDLE_WRITE_STEP_MS || endsAt < written;
}
