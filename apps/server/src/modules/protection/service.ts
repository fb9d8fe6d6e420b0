// Player protection's rules where money moves and players sign in: the limits (a tighter one at
// once, a looser one after 24 h), the checks the Cash In and the operator's deposit run inside
// their own transaction under the player's row lock, the sign-in refusal of a time-out or
// self-exclusion, and the reality-check interval. What ends sessions is play-guard.ts's.
import { ErrorCode, errorMessages, formatMessage } from '@reelcast/protocol/codes';
import type {
  ExclusionChoice,
  ExclusionView,
  LimitKind,
  LimitPeriod,
  LimitView,
  ProtectionAnswer,
  SetLimitBody,
} from '@reelcast/protocol/protection';
import type { Db, Runner, Tx } from '../../db/client';
import { AppError } from '../../errors';
import type { Clock } from '../sessions/timers';
import {
  allLimitSlots,
  breachOf,
  changeLimit,
  inForce,
  type LimitState,
  limitKey,
  periodWord,
  type Usage,
} from './limits';
import { type ExclusionRow, protectionRepository as repo } from './repository';

const DAY_MS = 24 * 3600 * 1000;

/** How long each choice closes the account, in calendar time; null: for good. */
const exclusionLength: Record<
  ExclusionChoice,
  { kind: ExclusionRow['kind']; days?: number; months?: number } | null
> = {
  'timeout-24h': { kind: 'time-out', days: 1 },
  'timeout-7d': { kind: 'time-out', days: 7 },
  'timeout-30d': { kind: 'time-out', days: 30 },
  'exclusion-6m': { kind: 'self-exclusion', months: 6 },
  'exclusion-1y': { kind: 'self-exclusion', months: 12 },
  'exclusion-5y': { kind: 'self-exclusion', months: 60 },
  'exclusion-permanent': null,
};

function exclusionEnd(choice: ExclusionChoice, now: Date): Date | null {
  const length = exclusionLength[choice];
  if (!length) return null;
  const end = new Date(now.getTime() + (length.days ?? 0) * DAY_MS);
  if (length.months) end.setUTCMonth(end.getUTCMonth() + length.months);
  return end;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/** 2026-07-01 14:05 UTC: what 10705 says, the same in every language. */
const dateText = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

export const exclusionView = (row: ExclusionRow): ExclusionView => ({
  kind: row.kind as ExclusionView['kind'],
  startedAt: row.startedAt.toISOString(),
  endsAt: row.endsAt ? row.endsAt.toISOString() : null,
});

/** 10705, with the date the account opens again (or, by its i18n context, for good). */
export function accountClosed(row: ExclusionRow): AppError {
  if (!row.endsAt) {
    return new AppError(
      ErrorCode.accountClosed,
      403,
      { date: 'permanent', context: 'permanent', until: null },
      'Your account is closed to play permanently',
    );
  }
  return new AppError(ErrorCode.accountClosed, 403, {
    date: dateText(row.endsAt),
    until: row.endsAt.toISOString(),
  });
}

/**
 * 40230 for the limit a move would pass. `context` picks the message of the period in the
 * player's language (i18next), `period` says it in the English one.
 */
function limitReached(kind: LimitKind, period: LimitPeriod, limit: number, left: number) {
  const params = {
    kind,
    period: periodWord[period],
    context: period,
    amount: money(limit),
    left: money(left),
    limitCents: limit,
    leftCents: left,
  };
  return new AppError(
    ErrorCode.limitReached,
    409,
    params,
    formatMessage(errorMessages[ErrorCode.limitReached]!, params),
  );
}

export class ProtectionService {
  constructor(
    private readonly db: Db,
    /** cooling-off ends and exclusions run on it; tests move it by hand */
    private readonly clock: Clock,
  ) {}

  now(): Date {
    return new Date(this.clock.now());
  }

  /** The player's limits (in force, waiting, used) and reality-check interval. */
  async view(playerId: number, tx: Runner = this.db): Promise<ProtectionAnswer> {
    const now = this.now();
    const [states, usage, ends, minutes] = await Promise.all([
      this.states(tx, playerId, now),
      this.usage(tx, playerId),
      repo.periodEnds(tx),
      repo.realityCheckMinutes(tx, playerId),
    ]);
    const limits: LimitView[] = allLimitSlots.map(({ kind, period }) => {
      const state = states.get(limitKey(kind, period))!;
      const used = usage[period][kind];
      return {
        kind,
        period,
        amount: state.amount,
        pending: state.pending
          ? { amount: state.pending.amount, effectiveAt: state.pending.at.toISOString() }
          : null,
        used: kind === 'session_time' ? Math.floor(used / 60) : used,
        resetsAt: ends[period].toISOString(),
      };
    });
    return {
      code: ErrorCode.success,
      limits,
      realityCheckMinutes: minutes as ProtectionAnswer['realityCheckMinutes'],
    };
  }

  /** Sets or removes one limit by the cooling-off rule; answers the limits after it. */
  async setLimit(playerId: number, body: SetLimitBody): Promise<ProtectionAnswer> {
    return this.db.transaction(async (tx) => {
      // Two changes at once are decided one after the other.
      await this.lock(tx, playerId);
      const now = this.now();
      const current = (await this.states(tx, playerId, now)).get(limitKey(body.kind, body.period))!;
      const next = changeLimit(current, body.amount, now);
      await repo.saveLimit(tx, playerId, body, next, now);
      return this.view(playerId, tx);
    });
  }

  async setRealityCheck(playerId: number, minutes: number): Promise<void> {
    await repo.setRealityCheckMinutes(this.db, playerId, minutes);
  }

  realityCheckMinutes(playerId: number): Promise<number> {
    return repo.realityCheckMinutes(this.db, playerId);
  }

  /**
   * Inside a Cash In's transaction, before the ledger posts it: refuses (40230) a transfer that
   * would pass a cash-in or net-loss limit, and any while a time-out or exclusion runs (10705).
   * The player's row lock holds until the transfer commits, so concurrent transfers are checked
   * one after the other against what the others moved. A retry of a transfer that landed is let
   * through: the ledger answers it with the entry it already has.
   */
  async checkCashIn(tx: Tx, playerId: number, amount: number, key: string): Promise<void> {
    await this.checkMove(tx, playerId, amount, key, ['cash_in', 'net_loss']);
  }

  /** The same for an operator's deposit into the wallet, against the deposit limits. */
  async checkDeposit(tx: Tx, playerId: number, amount: number, key: string): Promise<void> {
    await this.checkMove(tx, playerId, amount, key, ['deposit']);
  }

  private async checkMove(
    tx: Tx,
    playerId: number,
    amount: number,
    key: string,
    kinds: LimitKind[],
  ): Promise<void> {
    if (!(await this.lock(tx, playerId))) return;
    if (await repo.keyPosted(tx, key)) return;
    const now = this.now();
    const exclusion = await repo.activeExclusion(tx, playerId, now);
    if (exclusion) throw accountClosed(exclusion);
    const states = await this.states(tx, playerId, now);
    const limited = kinds.some((kind) =>
      ['day', 'week', 'month'].some((p) => states.get(`${kind}:${p}`)?.amount != null),
    );
    if (!limited) return;
    const breach = breachOf(states, await repo.moneyUsage(tx, playerId), kinds, amount);
    if (breach) throw limitReached(breach.kind, breach.period, breach.limit, breach.left);
  }

  /** Sign-in and token sign-in: 10705 while a time-out or self-exclusion runs. */
  async refuseSignIn(playerId: number): Promise<void> {
    const exclusion = await repo.activeExclusion(this.db, playerId, this.now());
    if (exclusion) throw accountClosed(exclusion);
  }

  activeExclusion(playerId: number): Promise<ExclusionRow | null> {
    return repo.activeExclusion(this.db, playerId, this.now());
  }

  /**
   * Records a time-out or self-exclusion from now and revokes every token of the player, in one
   * transaction. One already running is never shortened: a shorter choice is refused (40000).
   */
  async recordExclusion(playerId: number, choice: ExclusionChoice): Promise<ExclusionRow> {
    return this.db.transaction(async (tx) => {
      await this.lock(tx, playerId);
      const now = this.now();
      const kind = exclusionLength[choice]?.kind ?? 'self-exclusion';
      const endsAt = exclusionEnd(choice, now);
      const running = await repo.activeExclusion(tx, playerId, now);
      if (running && (!running.endsAt || (endsAt && endsAt <= running.endsAt))) {
        throw new AppError(ErrorCode.invalidRequest, 400, {
          detail: 'a longer time-out or exclusion is already running',
        });
      }
      const row = await repo.addExclusion(tx, { playerId, kind, choice, startedAt: now, endsAt });
      await repo.revokeTokens(tx, playerId);
      return row;
    });
  }

  /**
   * What is left of the tightest session-time limit in force, in seconds, with the limit; null
   * when no session-time limit is set.
   */
  async sessionTimeLeft(
    playerId: number,
  ): Promise<{ seconds: number; period: LimitPeriod; minutes: number } | null> {
    const states = await this.states(this.db, playerId, this.now());
    const periods = (['day', 'week', 'month'] as const).filter(
      (p) => states.get(limitKey('session_time', p))?.amount != null,
    );
    if (periods.length === 0) return null;
    const spent = await repo.sessionSeconds(this.db, playerId);
    let best: { seconds: number; period: LimitPeriod; minutes: number } | null = null;
    for (const period of periods) {
      const minutes = states.get(limitKey('session_time', period))!.amount!;
      const seconds = Math.max(0, minutes * 60 - spent[period]);
      if (!best || seconds < best.seconds) best = { seconds, period, minutes };
    }
    return best;
  }

  /** Staff: the player's protection and every exclusion; nothing here can change them. */
  async staffView(playerId: number) {
    const [view, exclusions] = await Promise.all([
      this.view(playerId),
      repo.exclusions(this.db, playerId),
    ]);
    return { ...view, playerId, exclusions: exclusions.map(exclusionView) };
  }

  private lock(tx: Runner, playerId: number): Promise<boolean> {
    return repo.lockPlayer(tx, playerId);
  }

  private async states(tx: Runner, playerId: number, now: Date): Promise<Map<string, LimitState>> {
    const rows = await repo.limits(tx, playerId);
    const out = new Map<string, LimitState>();
    for (const { kind, period } of allLimitSlots) {
      const row = rows.find((r) => r.kind === kind && r.period === period);
      out.set(limitKey(kind, period), inForce(row, now));
    }
    return out;
  }

  private async usage(tx: Runner, playerId: number): Promise<Usage> {
    const [usage, seconds] = await Promise.all([
      repo.moneyUsage(tx, playerId),
      repo.sessionSeconds(tx, playerId),
    ]);
    for (const p of ['day', 'week', 'month'] as const) usage[p].session_time = seconds[p];
    return usage;
  }
}
