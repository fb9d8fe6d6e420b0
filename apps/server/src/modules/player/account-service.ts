// The player's own account: profile, password and PIN changes, and the login log.
import type { PasswordChangeBody, PinChangeBody, ProfileAnswer } from '@reelcast/protocol/account';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims, UserSettings } from '@reelcast/protocol/http';
import {
  LogType,
  PASSWORD_MIN_LENGTH,
  PIN_ATTEMPTS,
  PIN_CODE_MARKER,
} from '@reelcast/protocol/log-types';
import type { PinVerifyAnswer } from '@reelcast/protocol/pin-verify';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../errors';
import { loginLog } from '../auth/login-log';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { authRepository, type Player } from '../auth/repository';
import type { Tokens } from '../auth/tokens';
import { hashPin, pinRepository, verifyPin } from './pin';

export interface AccountChange {
  code: typeof ErrorCode.success;
  ErrorMessage: string;
  pin_code?: typeof PIN_CODE_MARKER;
  token?: string;
}

const done = (extra: Omit<AccountChange, 'code' | 'ErrorMessage'>): AccountChange => ({
  code: ErrorCode.success,
  ErrorMessage: errorMessages[ErrorCode.success]!,
  ...extra,
});

export class AccountService {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
  ) {}

  async profile(claims: TokenClaims, ip: string): Promise<ProfileAnswer> {
    const p = await this.player(claims);
    return {
      id: p.id,
      name: p.name,
      lastname: p.lastname,
      email: p.email,
      username: p.username,
      role: p.role,
      // The sign-in before the latest one, as /login answered it: the latest is usually this one.
      last_logon: p.previousLogon ? p.previousLogon.toISOString() : null,
      last_logon_ip: p.previousLogonIp,
      current_ip: ip,
      balance: p.balance,
      pin_is_default: p.pinChangedAt === null,
    };
  }

  /**
   * 40101 for a short new password (checked first: it needs no secret), 40001 for a wrong old
   * one. Success revokes every token of the player, this one too, and answers a fresh token.
   */
  async changePassword(
    claims: TokenClaims,
    body: PasswordChangeBody,
    ip: string,
  ): Promise<AccountChange> {
    if (body.newPassword.length < PASSWORD_MIN_LENGTH) {
      throw new AppError(ErrorCode.passwordTooShort, 400, { min_length: PASSWORD_MIN_LENGTH });
    }
    const p = await this.player(claims);
    if (!(await verifyPassword(p.passwordHash, body.oldPassword))) {
      throw new AppError(ErrorCode.oldPasswordWrong, 400);
    }
    const hash = await hashPassword(body.newPassword);
    const tokenVersion = await this.db.transaction(async (tx) => {
      const version = await authRepository.setPassword(tx, p.id, hash);
      await loginLog.record(tx, {
        playerId: p.id,
        login: p.username,
        type: LogType.passwordChanged,
        ip,
      });
      return version;
    });
    this.tokens.superseded(p.id);
    return done({
      token: await this.tokens.issue({ ...p, tokenVersion }),
      pin_code: PIN_CODE_MARKER,
    });
  }

  /** The account password guards the PIN, so an unlocked borrowed screen cannot change it. */
  async changePin(claims: TokenClaims, body: PinChangeBody): Promise<AccountChange> {
    const p = await this.player(claims);
    if (!(await verifyPassword(p.passwordHash, body.password))) {
      throw new AppError(ErrorCode.oldPasswordWrong, 400);
    }
    await authRepository.setPin(this.db, p.id, await hashPin(body.pin));
    return done({ pin_code: PIN_CODE_MARKER });
  }

  /**
   * The idle lock's check. Each attempt is counted before the hash is checked (see pin.ts); the
   * PIN_ATTEMPTS-th wrong one in a row, or any attempt after it with this sign-in's token, ends
   * the sign-in: the token is revoked and the answer says so.
   */
  async verifyPin(claims: TokenClaims, pin: string): Promise<PinVerifyAnswer> {
    const attempt = await pinRepository.reserveAttempt(this.db, claims.id, claims.iat ?? 0);
    if (attempt && (await verifyPin(attempt.pinHash, pin))) {
      await pinRepository.reset(this.db, claims.id);
      return { ...done({}), valid: true, attempts_left: PIN_ATTEMPTS, signed_out: false };
    }
    const left = attempt ? PIN_ATTEMPTS - attempt.failures : 0;
    if (left > 0) return { ...done({}), valid: false, attempts_left: left, signed_out: false };
    if (attempt) await pinRepository.lock(this.db, claims.id);
    await this.tokens.revoke(claims);
    return { ...done({}), valid: false, attempts_left: 0, signed_out: true };
  }

  /**
   * §4 user-settings: a signed-in player's layout, kept on the server so the next sign-in, on
   * any device, restores it. Answers what was stored.
   */
  async saveSettings(claims: TokenClaims, settings: UserSettings): Promise<UserSettings> {
    const p = await this.player(claims);
    await authRepository.setSettings(this.db, p.id, settings);
    return settings;
  }

  async logs(claims: TokenClaims, page: number, pageSize: number) {
    const { items, total } = await loginLog.page(
      this.db,
      claims.id,
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      items: items.map((e) => ({
        id: e.id,
        type: e.type as LogType,
        ip: e.ip,
        createdAt: e.createdAt.toISOString(),
        detail: e.detail,
      })),
      total,
      page,
      pageSize,
    };
  }

  private async player(claims: TokenClaims): Promise<Player> {
    const p = await authRepository.findById(this.db, claims.id);
    if (!p) throw unauthorized();
    return p;
  }
}
