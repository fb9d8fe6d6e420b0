// The player's own account: profile, password and PIN changes, and the login log.
import type { PasswordChangeBody, PinChangeBody, ProfileAnswer } from '@reelcast/protocol/account';
import { ErrorCode, errorMessages } from '@reelcast/protocol/codes';
import type { TokenClaims, UserSettings } from '@reelcast/protocol/http';
import { LogType, PASSWORD_MIN_LENGTH } from '@reelcast/protocol/log-types';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../errors';
import { loginLog } from '../auth/login-log';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { pinCode } from '../auth/pin-code';
import { authRepository, type Player } from '../auth/repository';
import type { Tokens } from '../auth/tokens';

export interface AccountChange {
  code: typeof ErrorCode.success;
  ErrorMessage: string;
  pin_code?: string;
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
      default_pin: p.pinChangedAt === null ? p.pin : null,
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
      pin_code: pinCode(p.pin),
    });
  }

  /** The account password guards the PIN, so an unlocked borrowed screen cannot change it. */
  async changePin(claims: TokenClaims, body: PinChangeBody): Promise<AccountChange> {
    const p = await this.player(claims);
    if (!(await verifyPassword(p.passwordHash, body.password))) {
      throw new AppError(ErrorCode.oldPasswordWrong, 400);
    }
    await authRepository.setPin(this.db, p.id, body.pin);
    return done({ pin_code: pinCode(body.pin) });
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
