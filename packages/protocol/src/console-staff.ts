// The back office's own accounts (issue #21): who is signed in, TOTP two-factor enrolment, and the
// staff accounts an admin keeps. No staff account gets a password anyone chose or knows: a new
// account's password, and one reset, is generated and answered once.
import { z } from 'zod';
import { idText, plainText } from './bounds';
import { staffReason } from './console-floor';
import { successCode } from './http';
import { staffRoles } from './log-types';

/** A TOTP code as an authenticator app shows it. */
export const totpCode = z.string().regex(/^\d{6}$/, 'must be the 6 digits the app shows');

/** GET /staff/me: the signed-in staff member, as the console starts from. */
export const staffMeAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  lastname: z.string(),
  role: z.enum(staffRoles),
  twoFactor: z.boolean(),
});
export type StaffMeAnswer = z.infer<typeof staffMeAnswer>;

/**
 * POST /staff/two-factor/enrol: a new secret, for the authenticator app (the otpauth URI goes in a
 * QR code); it takes effect once a code from it is confirmed.
 */
export const twoFactorEnrolAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  secret: z.string(),
  uri: z.string(),
});
export type TwoFactorEnrolAnswer = z.infer<typeof twoFactorEnrolAnswer>;

export const twoFactorConfirmBody = z.object({ code: totpCode });
export const twoFactorConfirmAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  twoFactor: z.literal(true),
});

export const staffAccount = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  name: z.string(),
  lastname: z.string(),
  role: z.enum(staffRoles),
  twoFactor: z.boolean(),
  banned: z.boolean(),
  lastLogon: z.string().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccount>;

export const staffAccountsAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  accounts: z.array(staffAccount),
});

export const staffAccountParams = z.object({ id: idText });

export const staffAccountCreateBody = z.object({
  username: plainText(60)
    .trim()
    .regex(/^[a-zA-Z0-9._-]{3,60}$/, 'letters, digits, . _ -, 3 to 60'),
  email: z.email().max(254),
  name: plainText(60).trim().min(1),
  lastname: plainText(60).trim().min(1),
  role: z.enum(staffRoles),
  reason: staffReason,
});
export type StaffAccountCreateBody = z.infer<typeof staffAccountCreateBody>;

/** A new account or a reset one: its generated password, shown this once. */
export const staffAccountPasswordAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  account: staffAccount,
  password: z.string(),
});
export type StaffAccountPasswordAnswer = z.infer<typeof staffAccountPasswordAnswer>;

export const staffAccountRoleBody = z.object({
  role: z.enum(staffRoles),
  /** a ban keeps the account from signing in (10704) */
  banned: z.boolean().optional(),
  reason: staffReason,
});
export const staffAccountAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  account: staffAccount,
});

/** A reset: a new generated password, and the two-factor secret removed to enrol again. */
export const staffAccountResetBody = z.object({ reason: staffReason });
