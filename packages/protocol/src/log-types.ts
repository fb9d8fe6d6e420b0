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

/** §6 role groups: who may open what. The player's role is 'user'. */
export const roleGroups = {
  admin: ['admin'],
  staff: ['admin', 'staff'],
  user: ['admin', 'staff', 'user'],
  onlyGuest: [] as string[],
} as const;

export const PASSWORD_MIN_LENGTH = 8;
export const PIN_PATTERN = /^\d{4,6}$/;
/** §9: the PIN every new account starts with, stated in the lock screen's help text. */
export const DEFAULT_PIN = '1234';
