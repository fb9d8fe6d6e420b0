// GLI-19 §2.5.3 lockout rules. Attempts are counted per account (`player:<id>`) when the typed
// name resolves to one, so its username and e-mail share one counter, and per typed name
// (`name:<lowercased>`) otherwise, so an unknown name is counted and locked exactly like a real
// one. Each attempt is reserved before its password is checked, so a burst cannot run more
// checks than the limit allows; the last allowed failure locks the key for a while, and a locked
// key is refused whatever the password. Off, wrong credentials answer 10701.
import { ErrorCode } from '@reelcast/protocol/codes';
import type { Config } from '../../config';
import type { Runner } from '../../db/client';
import { AppError } from '../../errors';
import { type LockoutLimits, lockoutRepository } from './lockout-repository';

/** What a refused sign-in did to the counter. */
export type FailureOutcome =
  | { kind: 'uncounted' } // policy off
  | { kind: 'counted'; left: number } // 10700
  | { kind: 'locked-now' } // this failure started the lock: 10702
  | { kind: 'refused' }; // already locked (or over the limit), not checked: 10702

/** What reserving an attempt answered: go on and check the password, or refuse it now. */
export type Reservation = 'uncounted' | 'reserved' | 'refused';

/** The counter key: the account when the name resolves to one, else the typed name normalised. */
export const lockoutKey = (accountId: number | null, login: string) =>
  accountId === null ? `name:${loginKey(login)}` : `player:${accountId}`;

/** A typed login name as logged and counted: trimmed and lowercased. */
export const loginKey = (login: string) => login.trim().toLowerCase();

export class Lockout {
  readonly enabled: boolean;
  private readonly limits: LockoutLimits;
  private readonly blockMinutes: number;

  constructor(
    config: Pick<
      Config,
      'LOCKOUT_ENABLED' | 'LOCKOUT_ATTEMPTS' | 'LOCKOUT_WINDOW_MINUTES' | 'LOCKOUT_BLOCK_MINUTES'
    >,
  ) {
    this.enabled = config.LOCKOUT_ENABLED;
    this.blockMinutes = config.LOCKOUT_BLOCK_MINUTES;
    this.limits = {
      attempts: config.LOCKOUT_ATTEMPTS,
      windowSeconds: config.LOCKOUT_WINDOW_MINUTES * 60,
      blockSeconds: config.LOCKOUT_BLOCK_MINUTES * 60,
    };
  }

  /** Counts the attempt before its password is checked; 'refused' answers 10702 at once. */
  async reserve(tx: Runner, key: string): Promise<Reservation> {
    if (!this.enabled) return 'uncounted';
    const r = await lockoutRepository.reserve(tx, key, this.limits);
    return r === 'reserved' ? 'reserved' : 'refused';
  }

  /** The reserved attempt's password was wrong (or the name unknown). */
  async fail(tx: Runner, key: string): Promise<FailureOutcome> {
    if (!this.enabled) return { kind: 'uncounted' };
    const failures = await lockoutRepository.fail(tx, key, this.limits);
    if (failures >= this.limits.attempts) return { kind: 'locked-now' };
    return { kind: 'counted', left: this.limits.attempts - failures };
  }

  /**
   * The reserved attempt's password verified: forgets the failures. False when the key got
   * locked while it was being checked: the sign-in is refused (10702) and the lock stays.
   */
  succeed(tx: Runner, key: string): Promise<boolean> {
    return this.enabled ? lockoutRepository.succeed(tx, key) : Promise.resolve(true);
  }

  /** The password verified but the sign-in is refused for another reason (ban, address). */
  release(tx: Runner, key: string): Promise<void> {
    return this.enabled ? lockoutRepository.release(tx, key) : Promise.resolve();
  }

  /** The answer to a refused sign-in: the same for a known and an unknown name. */
  error(outcome: FailureOutcome): AppError {
    switch (outcome.kind) {
      case 'uncounted':
        return new AppError(ErrorCode.wrongCredentials, 401);
      case 'counted':
        return new AppError(ErrorCode.wrongCredentialsCounted, 401, {
          left_count: outcome.left,
          block_time: this.blockMinutes,
        });
      default:
        return this.lockedError();
    }
  }

  lockedError(): AppError {
    return new AppError(ErrorCode.accountProtected, 403, { block_time: this.blockMinutes });
  }
}
