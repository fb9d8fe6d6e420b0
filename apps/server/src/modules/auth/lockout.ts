// GLI-19 §2.5.3 lockout rules: failed sign-ins are counted per typed login name, known or not;
// the last allowed failure locks the name for a while. Off, wrong credentials answer 10701.
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
  | { kind: 'refused' }; // already locked, not counted: 10702

/** The counter key: the login name as typed, trimmed and lowercased. */
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

  isLocked(tx: Runner, key: string): Promise<boolean> {
    return this.enabled ? lockoutRepository.isLocked(tx, key) : Promise.resolve(false);
  }

  async countFailure(tx: Runner, key: string): Promise<FailureOutcome> {
    if (!this.enabled) return { kind: 'uncounted' };
    const counted = await lockoutRepository.countFailure(tx, key, this.limits);
    if (!counted) return { kind: 'refused' };
    if (counted.locked) return { kind: 'locked-now' };
    return { kind: 'counted', left: this.limits.attempts - counted.failures };
  }

  /** A successful sign-in forgets the failures. */
  clear(tx: Runner, key: string): Promise<void> {
    return this.enabled ? lockoutRepository.clear(tx, key) : Promise.resolve();
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
