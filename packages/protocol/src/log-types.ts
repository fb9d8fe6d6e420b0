// Login-log event types, the labels of spec §8. Plain data: safe to import in the browser.
export const LogType = {
  loginFail: 'login fail',
  notAllowed: 'not allowed',
  success: 'success',
  checkFail: 'check fail',
  checkSuccess: 'check success',
  logoutSuccess: 'logout success',
  passwordChanged: 'password changed',
  temporaryBlocked: 'temporary blocked',
  kickedByPlayer: 'kicked by player',
} as const;
export type LogType = (typeof LogType)[keyof typeof LogType];

/**
 * The staff roles (issue #21): a cashier handles players' money; a supervisor that and the floor,
 * hand pays, bans and sessions; an admin all of it and the staff accounts and permissions; an
 * auditor reads everything and changes nothing. The player's role is 'user'.
 */
export const staffRoles = ['admin', 'supervisor', 'cashier', 'auditor'] as const;
export type StaffRole = (typeof staffRoles)[number];

/** §6 role groups: who may open what. Each group of a staff rank holds the ranks above it. */
export const roleGroups = {
  admin: ['admin'],
  supervisor: ['admin', 'supervisor'],
  cashier: ['admin', 'supervisor', 'cashier'],
  /** every staff role: what only reads (the auditor's share) */
  staff: staffRoles,
  /** reads of who did what (the audit log): not the cashier's */
  oversight: ['admin', 'supervisor', 'auditor'],
  /** reads of the admin's own matters (staff accounts) */
  adminReads: ['admin', 'auditor'],
  user: [...staffRoles, 'user'],
  onlyGuest: [] as string[],
} as const;

export const isStaffRole = (role: string): role is StaffRole =>
  (staffRoles as readonly string[]).includes(role);

export const PASSWORD_MIN_LENGTH = 8;
export const PIN_PATTERN = /^\d{4,6}$/;
/** §9: the PIN every new account starts with, stated in the lock screen's help text. */
export const DEFAULT_PIN = '1234';
/** Wrong PINs in a row that end the sign-in (its token is revoked); see pin-verify.ts. */
export const PIN_ATTEMPTS = 5;
/**
 * What login, validate and the account changes answer as the spec's `pin_code`: only that the
 * player has a PIN the server checks. No hash of it: 10^6 PINs are quick to try against any.
 */
export const PIN_CODE_MARKER = 'server';
