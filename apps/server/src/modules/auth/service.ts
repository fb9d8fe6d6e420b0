// Sign-in rules: lockout, argon2id check, ban and IP allow-list, token issue, validate and
// logout; every event goes to the login log. An unknown name takes exactly the path of a known
// one with a wrong password (same queries, same argon2 work, same answers).
import { EventEmitter } from 'node:events';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { LoginAnswer, TokenClaims, ValidateAnswer } from '@reelcast/protocol/http';
import { isStaffRole, LogType, PIN_CODE_MARKER } from '@reelcast/protocol/log-types';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { AuditLog } from '../audit/audit-log';
import type { GeoCheck } from '../geo/geo-check';
import { ipAllowed } from './ip-allow-list';
import { type Lockout, lockoutKey, loginKey } from './lockout';
import { type LoginEvent, loginLog } from './login-log';
import { dummyHash, verifyPassword } from './passwords';
import { authRepository, type Player } from './repository';
import { signInUser } from './sign-in-user';
import type { Tokens } from './tokens';
import { totpStep, twoFactorRepository } from './two-factor';

export const UI_VERSIONS = 'v2.4.5';

type Who = Omit<LoginEvent, 'type' | 'detail'>;

/** What both sign-in answers say of the request and the logon before this sign-in (§3, §7). */
function logonDetails(ip: string, lastLogon: Date | null, lastLogonIp: string | null) {
  return {
    ip_address: ip,
    versions: UI_VERSIONS,
    last_logon: lastLogon ? lastLogon.toISOString() : null,
    last_logon_ip: lastLogonIp,
  };
}

export interface AuthEvents {
  /**
   * A login refused for its credentials (a wrong password or an unknown name), or refused
   * unchecked because the name is locked.
   */
  'login-failed': [reason: 'credentials' | 'locked'];
  /** this failure locked the name (GLI-19 lockout) */
  locked: [];
}

export class AuthService extends EventEmitter<AuthEvents> {
  constructor(
    private readonly db: Db,
    private readonly tokens: Tokens,
    private readonly lockout: Lockout,
    private readonly geo: GeoCheck,
    /** where failed staff sign-ins are recorded (issue #21) */
    private readonly audit?: AuditLog,
    /** player protection: throws 10705 while a time-out or self-exclusion runs (issue #20) */
    private readonly closedCheck: (playerId: number) => Promise<void> = async () => {},
  ) {
    super();
    // Made now, so the first unknown name does not take longer than a known one.
    void dummyHash();
  }

  /** `otp`: the TOTP code, asked of a staff account with two-factor on once its password is right. */
  async login(username: string, password: string, ip: string, otp?: string): Promise<LoginAnswer> {
    const { player, accountId } = await authRepository.findForLogin(this.db, username);
    const key = lockoutKey(accountId, username);
    const who: Who = { playerId: player?.id ?? null, login: loginKey(username), ip };

    // Counted before the password is checked, so a burst cannot check more than the limit.
    if ((await this.lockout.reserve(this.db, key)) === 'refused') {
      await this.log(who, LogType.temporaryBlocked, 'refused while locked', player);
      this.emit('login-failed', 'locked');
      throw this.lockout.lockedError();
    }
    const ok = await verifyPassword(player?.passwordHash ?? (await dummyHash()), password);
    if (!player || !ok) {
      throw await this.refuse(who, key, player ? 'wrong password' : 'unknown login', player);
    }

    // Only after the password verified: a ban or an address refusal says nothing about whether a
    // name exists to someone who does not know the password.
    if (player.banned) {
      await this.lockout.release(this.db, key);
      await this.log(who, LogType.notAllowed, 'banned', player);
      throw new AppError(ErrorCode.banned, 403);
    }
    if (!ipAllowed(player.ipAllowList, ip)) {
      await this.lockout.release(this.db, key);
      await this.log(who, LogType.notAllowed, 'address not in allow-list', player);
      throw new AppError(ErrorCode.ipNotPermitted, 403, { ip });
    }
    await this.refuseCountry(who, key);
    await this.refuseClosed(who, key, player.id);
    await this.checkTwoFactor(who, key, player, otp);

    // Locked while this password was checked (other attempts of the burst): refused, lock kept.
    if (!(await this.lockout.succeed(this.db, key))) {
      await this.log(who, LogType.temporaryBlocked, 'refused while locked', player);
      this.emit('login-failed', 'locked');
      throw this.lockout.lockedError();
    }
    await authRepository.recordLogon(this.db, player.id, ip);
    await this.log(who, LogType.success);
    // The row was read before this logon was recorded: its last logon is the one before.
    return {
      token: await this.tokens.issue(player),
      pin_code: PIN_CODE_MARKER,
      ...logonDetails(ip, player.lastLogon, player.lastLogonIp),
      ...signInUser(player),
    };
  }

  /** The §1 country list, enforced here too so the start-up gate is not the client's alone. */
  private async refuseCountry(who: Who, reserved?: string): Promise<void> {
    const { permitted, ip, country } = this.geo.check(who.ip);
    if (permitted) return;
    if (reserved) await this.lockout.release(this.db, reserved);
    await this.log(who, LogType.notAllowed, `country not permitted: ${country || 'unknown'}`);
    throw new AppError(ErrorCode.ipNotPermitted, 403, { ip, country });
  }

  /**
   * A staff account with two-factor on needs its TOTP code as well: none answers 10705 without
   * counting (the sign-in form asks for it next); a wrong or reused one is counted like a wrong
   * password and answers 10706 (10702 once locked).
   */
  private async checkTwoFactor(who: Who, key: string, player: Player, otp?: string) {
    if (!isStaffRole(player.role) || !player.totpSecret) return;
    if (!otp) {
      await this.lockout.release(this.db, key);
      throw new AppError(ErrorCode.twoFactorRequired, 401);
    }
    const step = await totpStep(player.totpSecret, otp, player.totpLastStep);
    if (step === null || !(await twoFactorRepository.useStep(this.db, player.id, step))) {
      const refused = await this.refuse(who, key, 'wrong two-factor code', player);
      if (refused.code === ErrorCode.accountProtected) throw refused;
      // The attempts left, as a wrong password's answer gives them.
      throw new AppError(ErrorCode.twoFactorWrong, 401, refused.params);
    }
  }

  /** A time-out or self-exclusion (10705), after the password like a ban; not counted. */
  private async refuseClosed(who: Who, reserved: string | undefined, playerId: number) {
    try {
      await this.closedCheck(playerId);
    } catch (e) {
      if (reserved) await this.lockout.release(this.db, reserved);
      await this.log(who, LogType.notAllowed, 'time-out or self-exclusion');
      throw e;
    }
  }

  /** Counts the failure and logs it; answers the error to throw. */
  private async refuse(
    who: Who,
    key: string,
    detail: string,
    player: Player | null,
  ): Promise<AppError> {
    const outcome = await this.lockout.fail(this.db, key);
    await this.log(who, LogType.loginFail, detail, player);
    this.emit('login-failed', 'credentials');
    if (outcome.kind === 'locked-now') {
      await this.log(who, LogType.temporaryBlocked, 'too many failed attempts', player);
      this.emit('locked');
    }
    return this.lockout.error(outcome);
  }

  /**
   * /validate, the token sign-in: a fresh token and pin_code for a valid token, from a permitted
   * address, with the player as a login describes them.
   */
  async validate(claims: TokenClaims, ip: string): Promise<ValidateAnswer> {
    const player = await authRepository.findById(this.db, claims.id);
    if (!player) throw new AppError(ErrorCode.unauthorized, 401);
    const who = { playerId: player.id, login: player.username, ip };
    if (!ipAllowed(player.ipAllowList, ip)) {
      await this.log(who, LogType.notAllowed, 'address not in allow-list');
      throw new AppError(ErrorCode.ipNotPermitted, 403, { ip });
    }
    await this.refuseCountry(who);
    await this.refuseClosed(who, undefined, player.id);
    // Rotation: the presented token is revoked as the new one is issued.
    const token = await this.tokens.renew(claims, player);
    await this.log(who, LogType.checkSuccess);
    // §7: as much as the login said. The login has been recorded since, so the logon before
    // this sign-in is the previous one (as the profile shows it).
    return {
      token,
      pin_code: PIN_CODE_MARKER,
      ...logonDetails(ip, player.previousLogon, player.previousLogonIp),
      ...signInUser(player),
    };
  }

  /**
   * A /validate whose token was refused. Logged only when the token carries our signature
   * (expired, revoked, superseded): anything else names nobody and would only fill the table.
   */
  async validateRefused(token: string | null, ip: string): Promise<void> {
    const subject = token ? await this.tokens.signedSubject(token) : null;
    if (!subject) return;
    const player = await authRepository.findById(this.db, subject.id);
    if (!player) return;
    await this.log({ playerId: player.id, login: player.username, ip }, LogType.checkFail);
  }

  /** Ends the whole sign-in: every token renewed from its /login, and their sockets. */
  async logout(claims: TokenClaims, ip: string): Promise<void> {
    await this.tokens.revoke(claims);
    await this.log({ playerId: claims.id, login: claims.username, ip }, LogType.logoutSuccess);
  }

  /** The login log; a staff account's refusal goes into the audit log as well. */
  private async log(who: Who, type: LogType, detail?: string, player?: Player | null) {
    await loginLog.record(this.db, { ...who, type, detail });
    if (!player || !isStaffRole(player.role) || !this.audit) return;
    await this.audit.record(
      { id: player.id, username: player.username, role: player.role, ip: who.ip },
      {
        action: 'sign-in',
        targetType: 'staff',
        targetId: player.id,
        outcome: 'failed',
        after: { type, detail: detail ?? null },
      },
    );
  }
}
