// Account calls: profile, password, PIN and the login log (issue 3).
import { z } from 'zod';
import { plainText } from './bounds';
import { successCode } from './http';
import { LogType, PIN_CODE_MARKER, PIN_PATTERN } from './log-types';
import { pageQuery, paginated } from './paging';

export const profileAnswer = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  username: z.string(),
  role: z.string(),
  last_logon: z.string().nullable(),
  last_logon_ip: z.string().nullable(),
  /** the address this request came from */
  current_ip: z.string(),
  /** hundredths */
  balance: z.number().int(),
  /**
   * the PIN is still the one the account was created with (DEFAULT_PIN, named in the lock's help
   * text); the PIN itself is never answered
   */
  pin_is_default: z.boolean(),
});
export type ProfileAnswer = z.infer<typeof profileAnswer>;

/**
 * Length is checked by the service, not here, so a short new password answers the spec's 40101
 * rather than the generic 40000.
 */
export const passwordChangeBody = z.object({
  oldPassword: plainText(256).min(1),
  newPassword: plainText(256),
});
export type PasswordChangeBody = z.infer<typeof passwordChangeBody>;

export const pinChangeBody = z.object({
  /** the account password, so a borrowed unlocked session cannot change the PIN */
  password: plainText(256).min(1),
  pin: z.string().regex(PIN_PATTERN, 'PIN must be 4 to 6 digits'),
});
export type PinChangeBody = z.infer<typeof pinChangeBody>;

/**
 * Answers of password and PIN changes: pin_code (only the marker that the server checks the PIN),
 * and after a password change a fresh token (the change revokes every earlier token, the
 * caller's too).
 */
export const accountChangeAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  pin_code: z.literal(PIN_CODE_MARKER).optional(),
  token: z.string().optional(),
});
export type AccountChangeAnswer = z.infer<typeof accountChangeAnswer>;

export const logsQuery = pageQuery;

export const logTypeSchema = z.enum([
  LogType.loginFail,
  LogType.notAllowed,
  LogType.success,
  LogType.checkFail,
  LogType.checkSuccess,
  LogType.logoutSuccess,
  LogType.passwordChanged,
  LogType.temporaryBlocked,
  LogType.kickedByPlayer,
]);

export const loginLogEntry = z.object({
  id: z.number().int(),
  type: logTypeSchema,
  ip: z.string(),
  createdAt: z.string(),
  detail: z.string().nullable(),
});
export type LoginLogEntry = z.infer<typeof loginLogEntry>;

export const logsAnswer = paginated(loginLogEntry);
export type LogsAnswer = z.infer<typeof logsAnswer>;
