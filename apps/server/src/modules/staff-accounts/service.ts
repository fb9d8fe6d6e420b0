// Staff accounts (issue #21): oneself (who is signed in, two-factor enrolment) and the accounts an
// admin keeps. No staff password is ever chosen by a person or known to anyone but its holder: a
// new account's, and a reset one's, is generated and answered once; the server keeps its hash.
import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@reelcast/protocol/codes';
import type { StaffAccount, StaffAccountCreateBody } from '@reelcast/protocol/console-staff';
import { DEFAULT_PIN, type StaffRole } from '@reelcast/protocol/log-types';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../errors';
import { hashPassword } from '../auth/passwords';
import { authRepository } from '../auth/repository';
import type { Tokens } from '../auth/tokens';
import { newTotpSecret, totpStep, totpUri, twoFactorRepository } from '../auth/two-factor';
import { hashPin } from '../player/pin';
import { type StaffRow, staffRepository } from './repository';

/** 18 random bytes: 24 characters nobody chose. */
export const generatedPassword = () => randomBytes(18).toString('base64url');

export const staffAccountOf = (r: StaffRow): StaffAccount => ({
  id: r.id,
  username: r.username,
  email: r.email,
  name: r.name,
  lastname: r.lastname,
  role: r.role as StaffRole,
  twoFactor: r.totpSecret !== null,
  banned: r.banned,
  lastLogon: r.lastLogon?.toISOString() ?? null,
});

/** What an audit entry keeps of an account: no hash, no secret. */
export const auditedAccount = (a: StaffAccount) => ({
  role: a.role,
  banned: a.banned,
  twoFactor: a.twoFactor,
});

export class StaffAccounts {
  constructor(
    private readonly db: Db,
    /** told when an account's sign-ins end, so its sockets close too */
    private readonly tokens: Pick<Tokens, 'superseded'>,
  ) {}

  async get(id: number): Promise<StaffAccount> {
    const row = await staffRepository.byId(this.db, id);
    if (!row) throw notFound('staff account');
    return staffAccountOf(row);
  }

  async list(): Promise<StaffAccount[]> {
    return (await staffRepository.all(this.db)).map(staffAccountOf);
  }

  /** A new secret to enrol; refused while two-factor is on (an admin's reset turns it off). */
  async enrol(id: number): Promise<{ secret: string; uri: string }> {
    const row = await staffRepository.byId(this.db, id);
    if (!row) throw notFound('staff account');
    if (row.totpSecret) {
      throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'two-factor is on already' });
    }
    const secret = newTotpSecret();
    await twoFactorRepository.setPending(this.db, id, secret);
    return { secret, uri: totpUri(secret, row.username) };
  }

  /** The enrolled secret takes effect once a code from it is right (10706 otherwise). */
  async confirm(id: number, code: string): Promise<void> {
    const row = await staffRepository.byId(this.db, id);
    const pending = row?.totpPendingSecret;
    if (!pending) {
      throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'nothing enrolled to confirm' });
    }
    const step = await totpStep(pending, code, null);
    if (step === null || !(await twoFactorRepository.confirm(this.db, id, pending, step))) {
      throw new AppError(ErrorCode.twoFactorWrong, 400);
    }
  }

  /** A new account with a generated password (and the default PIN, never used by staff). */
  async create(
    body: StaffAccountCreateBody,
    record: (tx: Tx, account: StaffAccount) => Promise<void>,
  ): Promise<{ account: StaffAccount; password: string }> {
    const password = generatedPassword();
    const [passwordHash, pinHash] = await Promise.all([
      hashPassword(password),
      hashPin(DEFAULT_PIN),
    ]);
    const { reason: _, ...fields } = body;
    const account = await this.db.transaction(async (tx) => {
      const row = await staffRepository.create(tx, {
        ...fields,
        email: fields.email.toLowerCase(),
        passwordHash,
        pinHash,
      });
      if (!row)
        throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'username or e-mail taken' });
      const created = staffAccountOf(row);
      await record(tx, created);
      return created;
    });
    return { account, password };
  }

  /** Role and ban of another account (an admin cannot lock themselves out). */
  async setRole(
    id: number,
    by: number,
    change: { role: StaffRole; banned?: boolean | undefined },
    record: (tx: Tx, before: StaffAccount, after: StaffAccount) => Promise<void>,
  ): Promise<StaffAccount> {
    if (id === by) {
      throw new AppError(ErrorCode.invalidRequest, 409, { detail: 'not your own account' });
    }
    const after = await this.db.transaction(async (tx) => {
      const row = await staffRepository.byId(tx, id);
      if (!row) throw notFound('staff account');
      const before = staffAccountOf(row);
      const changed = staffAccountOf(
        await staffRepository.setRole(tx, id, change.role, change.banned ?? row.banned),
      );
      await record(tx, before, changed);
      return changed;
    });
    this.tokens.superseded(id);
    return after;
  }

  /** A new generated password and two-factor off: signed out everywhere, to enrol again. */
  async reset(
    id: number,
    record: (tx: Tx, before: StaffAccount, after: StaffAccount) => Promise<void>,
  ): Promise<{ account: StaffAccount; password: string }> {
    const password = generatedPassword();
    const hash = await hashPassword(password);
    const account = await this.db.transaction(async (tx) => {
      const row = await staffRepository.byId(tx, id);
      if (!row) throw notFound('staff account');
      await authRepository.setPassword(tx, id, hash);
      await twoFactorRepository.clear(tx, id);
      const after = staffAccountOf((await staffRepository.byId(tx, id))!);
      await record(tx, staffAccountOf(row), after);
      return after;
    });
    this.tokens.superseded(id);
    return { account, password };
  }
}
