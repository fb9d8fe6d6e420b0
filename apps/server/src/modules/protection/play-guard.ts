// Player protection at the machine: the market's play rules checked at each press when it is
// handled (minimum game cycle, no autoplay), reality checks that hold every press until they are
// answered, the session-time limit's warning and end, and the end of every open session when the
// player takes a time-out or excludes themselves. Sessions end only through the session
// service's close, which cashes the credits out through the ledger.
import { hitTest } from '@reelcast/egm/layout';
import { ErrorCode, errorMessages, formatMessage, InfoCode } from '@reelcast/protocol/codes';
import type { InfoNotification, MachineButton } from '@reelcast/protocol/machine-socket';
import type {
  ExclusionChoice,
  LimitPeriod,
  SessionPosition,
  SetLimitBody,
} from '@reelcast/protocol/protection';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { Tokens } from '../auth/tokens';
import type { Floor } from '../floor/floor';
import type { SlotSession } from '../sessions/repository';
import type { FailureLog } from '../sessions/seat-money';
import type { SessionService } from '../sessions/service';
import { periodWord } from './limits';
import type { PlayRulesProfile } from './play-rules';
import { protectionRepository as repo } from './repository';
import { accountClosed, exclusionView, type ProtectionService } from './service';
import { SessionTimers, TIME_LIMIT_WARNING_MS } from './session-timers';

export interface PlayGuardDeps {
  db: Db;
  protection: ProtectionService;
  sessions: SessionService;
  floor: Floor;
  tokens: Pick<Tokens, 'superseded'>;
  rules: PlayRulesProfile;
  log: FailureLog;
}

/** Why a session closed, beside the session service's own reasons. */
export const protectionCloseReasons = { excluded: 'excluded', timeLimit: 'time-limit' } as const;

const notice = (
  code: number,
  params: Record<string, unknown>,
  action?: InfoNotification['action'],
): InfoNotification => ({
  code,
  params,
  message: formatMessage(errorMessages[code] ?? '', params),
  ...(action ? { action } : {}),
});

/** What the reality check says: minutes played, the session's and the day's net result. */
type CheckFigures = { minutes: number; sessionNet: number; dayNet: number };

export class PlayGuard {
  private readonly timers: SessionTimers;
  /** the open sessions being watched, by id */
  private readonly watched = new Map<number, SlotSession>();
  /** reality checks waiting for an answer, by session id */
  private readonly due = new Map<number, CheckFigures>();
  /** when each watched session started, on the server clock */
  private readonly startedAt = new Map<number, number>();
  /** when the last game started on each machine (server clock), for the minimum game cycle */
  private readonly lastGameAt = new Map<number, number>();

  constructor(private readonly deps: PlayGuardDeps) {
    const { sessions, floor, rules } = deps;
    this.timers = new SessionTimers(() => sessions.clock);
    sessions.on('status', (machineId) => {
      const session = sessions.sessionOnMachine(machineId);
      if (session && !this.watched.has(session.id)) void this.watch(session);
    });
    sessions.on('closed', (session) => this.forget(session.id));
    for (const agent of floor.all()) {
      agent.on('game-started', () => this.lastGameAt.set(agent.machineId, sessions.clock.now()));
      // Whatever turned it on (the cabinet's own button, an agent), autoplay does not run where
      // the market forbids it.
      if (!rules.autoplay) {
        agent.on('change', (state) => {
          if (state.autoplay) this.stopAutoplay(agent.machineId);
        });
      }
    }
    // Sessions brought back after a restart are watched from now.
    for (const agent of floor.all()) {
      const session = sessions.sessionOnMachine(agent.machineId);
      if (session) void this.watch(session);
    }
  }

  /** A new seat: refused (40231) when a session-time limit has nothing left. */
  async checkJoin(playerId: number): Promise<void> {
    const exclusion = await this.deps.protection.activeExclusion(playerId);
    if (exclusion) throw accountClosed(exclusion);
    const left = await this.deps.protection.sessionTimeLeft(playerId);
    if (left && left.seconds <= 0) throw this.timeLimitError(left.period, left.minutes);
  }

  /** A press, checked when it is handled: refused while a reality check waits, or by the rules. */
  checkPress(sessionId: number, button: MachineButton): void {
    const session = this.watched.get(sessionId) ?? this.deps.sessions.sessionOf(sessionId);
    if (!session) return;
    const figures = this.due.get(sessionId);
    if (figures) throw new AppError(ErrorCode.realityCheckPending, 409, figures);
    const { rules, floor, sessions } = this.deps;
    const agent = floor.agent(session.machineId);
    // AUTO toggles: switching it off is always allowed.
    if (button === 'auto' && !rules.autoplay && !agent?.state().autoplay) {
      throw new AppError(ErrorCode.autoplayNotAllowed, 409);
    }
    if (button === 'spin' && rules.minGameCycleMs > 0) {
      const last = this.lastGameAt.get(session.machineId);
      if (last !== undefined && sessions.clock.now() - last < rules.minGameCycleMs) {
        throw new AppError(ErrorCode.gameCycleTooShort, 409, {
          seconds: rules.minGameCycleMs / 1000,
        });
      }
    }
  }

  /** A touch on the machine's screen, checked as the press of the button it lands on. */
  checkTouch(sessionId: number, x: number, y: number): void {
    const figures = this.due.get(sessionId);
    if (figures) throw new AppError(ErrorCode.realityCheckPending, 409, figures);
    const session = this.deps.sessions.sessionOf(sessionId);
    const agent = session && this.deps.floor.agent(session.machineId);
    const button = agent ? hitTest(x, y, agent.layout) : null;
    if (button) this.checkPress(sessionId, button);
  }

  /** The player answered the reality check with Continue: play goes on, the next one is armed. */
  async continueAfterCheck(playerId: number, sessionId: number): Promise<void> {
    const session = this.ownSession(playerId, sessionId);
    this.due.delete(session.id);
    await this.armRealityCheck(session);
  }

  /** The reality-check interval changed: the player's sessions count from now. */
  async setRealityCheck(playerId: number, minutes: number): Promise<void> {
    await this.deps.protection.setRealityCheck(playerId, minutes);
    for (const session of this.sessionsOf(playerId)) {
      if (!this.due.has(session.id)) await this.armRealityCheck(session);
    }
  }

  /** A limit changed: the session-time clocks of the player's open sessions follow it. */
  async setLimit(playerId: number, body: SetLimitBody) {
    const answer = await this.deps.protection.setLimit(playerId, body);
    if (body.kind === 'session_time') await this.armTimeLimit(playerId);
    return answer;
  }

  /**
   * A time-out or self-exclusion: recorded and every token revoked at once, then each open
   * session is told why and closed with its credits returned, and the player's sockets end.
   */
  async exclude(playerId: number, choice: ExclusionChoice) {
    const row = await this.deps.protection.recordExclusion(playerId, choice);
    const info = accountClosed(row);
    await Promise.all(
      this.sessionsOf(playerId).map((s) =>
        this.end(
          s,
          notice(info.code, info.params, 'CLOSE_SESSION'),
          protectionCloseReasons.excluded,
        ),
      ),
    );
    this.deps.tokens.superseded(playerId);
    return exclusionView(row);
  }

  /** The session's time and net result, as the reality check and the game screen show them. */
  async position(playerId: number, sessionId: number): Promise<SessionPosition> {
    const session = this.ownSession(playerId, sessionId);
    const { money, credits, figures } = await this.measure(session);
    return {
      code: ErrorCode.success,
      sessionId: session.id,
      openedAt: session.openedAt.toISOString(),
      elapsedSeconds: Math.floor(this.ageMs(session) / 1000),
      ...money,
      credits,
      sessionNet: figures.sessionNet,
      dayNet: figures.dayNet,
      realityCheckDue: this.due.has(session.id),
    };
  }

  stop(): void {
    this.timers.stop();
  }

  private async watch(session: SlotSession): Promise<void> {
    this.watched.set(session.id, session);
    // The session's age on the server clock (timers and checks run on it), from its opening.
    const age = Math.max(0, Date.now() - session.openedAt.getTime());
    this.startedAt.set(session.id, this.deps.sessions.clock.now() - age);
    try {
      await this.armRealityCheck(session);
      await this.armTimeLimit(session.playerId);
    } catch (err) {
      this.deps.log.error({ err, sessionId: session.id }, 'player protection not armed');
    }
  }

  private forget(sessionId: number): void {
    this.watched.delete(sessionId);
    this.startedAt.delete(sessionId);
    this.due.delete(sessionId);
    this.timers.clear(sessionId);
  }

  private async armRealityCheck(session: SlotSession): Promise<void> {
    const minutes = await this.deps.protection.realityCheckMinutes(session.playerId);
    if (!this.watched.has(session.id)) return;
    if (minutes === 0) {
      this.timers.clear(session.id, 'reality');
      return;
    }
    this.timers.set(session.id, 'reality', minutes * 60_000, () => {
      this.realityCheckDue(session).catch((err) =>
        this.deps.log.error({ err, sessionId: session.id }, 'reality check failed'),
      );
    });
  }

  /** Presses wait from now; autoplay stops; the player's screen shows the check. */
  private async realityCheckDue(session: SlotSession): Promise<void> {
    const { figures } = await this.measure(session);
    if (!this.watched.has(session.id)) return;
    this.due.set(session.id, figures);
    this.stopAutoplay(session.machineId);
    this.deps.sessions.emit('info', session, notice(InfoCode.realityCheck, figures));
  }

  /**
   * The tightest session-time limit's warning and end for each open session of the player. With
   * several sessions at once each one spends the allowance, so it runs out that many times faster.
   */
  private async armTimeLimit(playerId: number): Promise<void> {
    const left = await this.deps.protection.sessionTimeLeft(playerId);
    const open = this.sessionsOf(playerId);
    for (const session of open) {
      if (!left) {
        this.timers.clear(session.id, 'warn', 'end');
        continue;
      }
      const ms = (left.seconds * 1000) / open.length;
      const params = { period: periodWord[left.period], context: left.period };
      this.timers.set(session.id, 'warn', ms - TIME_LIMIT_WARNING_MS, () =>
        this.deps.sessions.emit(
          'info',
          session,
          notice(InfoCode.sessionTimeWarning, {
            ...params,
            minutes: Math.max(1, Math.round(Math.min(ms, TIME_LIMIT_WARNING_MS) / 60_000)),
          }),
        ),
      );
      this.timers.set(session.id, 'end', ms, () => {
        const error = this.timeLimitError(left.period, left.minutes);
        void this.end(session, notice(error.code, error.params, 'CLOSE_SESSION'), 'time-limit');
      });
    }
  }

  private timeLimitError(period: LimitPeriod, minutes: number): AppError {
    return new AppError(ErrorCode.sessionTimeLimit, 409, {
      period: periodWord[period],
      context: period,
      minutes,
    });
  }

  /** Tells the player's screen why, then closes the session: its credits go to the wallet. */
  private async end(session: SlotSession, info: InfoNotification, reason: string): Promise<void> {
    if (!this.deps.sessions.sessionOf(session.id)) return;
    this.deps.sessions.emit('info', session, info);
    try {
      await this.deps.sessions.close(session.id, reason);
    } catch (err) {
      // The machine would not pay out (a hand pay, a fault): the session and its credits stay
      // open for the attendant, and the player cannot play on (signed out, or refused at join).
      this.deps.log.warn({ err, sessionId: session.id, reason }, 'session not closed');
    }
  }

  /** The session's money and the check's figures, with the credits read once for both. */
  private async measure(session: SlotSession) {
    const { db, sessions } = this.deps;
    const [money, dayPlay] = await Promise.all([
      repo.sessionMoney(db, session.id),
      repo.dayPlayNet(db, session.playerId),
    ]);
    const credits = this.creditsOn(session);
    const onMachines = sessions
      .openSessionsOf(session.playerId)
      .reduce((sum, s) => sum + s.credits, 0);
    const figures: CheckFigures = {
      minutes: Math.round(this.ageMs(session) / 60_000),
      sessionNet: credits + money.paidOut - money.cashIn,
      dayNet: dayPlay + onMachines,
    };
    return { money, credits, figures };
  }

  /** How long the session has run, on the server clock. */
  private ageMs(session: SlotSession): number {
    const { clock } = this.deps.sessions;
    const start = this.startedAt.get(session.id) ?? session.openedAt.getTime();
    return Math.max(0, clock.now() - start);
  }

  private creditsOn(session: SlotSession): number {
    return this.deps.floor.agent(session.machineId)?.state().credits ?? 0;
  }

  private stopAutoplay(machineId: number): void {
    const agent = this.deps.floor.agent(machineId);
    if (!agent) return;
    Promise.resolve()
      .then(() => agent.stopAutoplay())
      .catch((err) => this.deps.log.warn({ err, machineId }, 'autoplay not stopped'));
  }

  private sessionsOf(playerId: number): SlotSession[] {
    return this.deps.sessions.openSessionsOf(playerId).map((s) => s.session);
  }

  private ownSession(playerId: number, sessionId: number): SlotSession {
    const session = this.deps.sessions.sessionOf(sessionId);
    if (!session || session.playerId !== playerId) {
      throw new AppError(ErrorCode.noOpenSession, 404, { sessionId });
    }
    return session;
  }
}
