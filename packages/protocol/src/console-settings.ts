// The §9 client settings as the back office sees them (issue #21): each key's value in force, its
// default and where the value comes from, in the order they are laid: the defaults, then the
// operator's SETTINGS_FILE, then what an admin set in the console (kept in the database). An admin
// sets or resets one key at a time; each value is checked as the file's would be (settings.ts).
import { z } from 'zod';
import { plainText } from './bounds';
import { successCode } from './http';
import { settingsSchema } from './settings';

/** The §9 keys the console lists and may set (the server's own ICE_SERVERS stay in its config). */
export const settingKey = settingsSchema.keyof();
export type SettingKey = z.infer<typeof settingKey>;

/** Where a value in force comes from, lowest layer first. */
export const settingSources = ['default', 'file', 'console'] as const;
export type SettingSource = (typeof settingSources)[number];

export const consoleSetting = z.object({
  key: settingKey,
  value: z.unknown(),
  default: z.unknown(),
  source: z.enum(settingSources),
  /** who set the console's value, and when; null unless the source is the console */
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ConsoleSetting = z.infer<typeof consoleSetting>;

/** GET /staff/settings: every key, in the order of the defaults. */
export const consoleSettingsAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  settings: z.array(consoleSetting),
});
export type ConsoleSettingsAnswer = z.infer<typeof consoleSettingsAnswer>;

/** Optional here (unlike money and bans): the change itself, before and after, is the record. */
const settingReason = plainText(200).trim().optional();

/**
 * The keys the console may set: all but where the player app sends its calls and sockets. A
 * stolen admin sign-in must not be able to send every player's password elsewhere (the CSP
 * follows those settings); they stay in the operator's settings file, on the server's disk.
 */
export const serverOnlySettingKeys = ['API_URL', 'NOTICE_URL', 'MACHINE_URL'] as const;
export const consoleSettableKey = settingKey.refine(
  (key) => !(serverOnlySettingKeys as readonly string[]).includes(key),
  "set in the server's settings file, not from the console",
);

/**
 * POST /staff/settings: the key's new value, any JSON; the server checks it against the key's
 * schema and answers 40000 with why when it does not fit (COLORS and LAYOUT may be partial: they
 * merge by member over the file's value, as in the file).
 */
export const settingChangeBody = z.object({
  key: consoleSettableKey,
  value: z.unknown().refine((v) => v !== undefined && v !== null, 'a value is required'),
  reason: settingReason,
});
export type SettingChangeBody = z.infer<typeof settingChangeBody>;

/** POST /staff/settings/reset: drop the console's value; the file's, else the default, is used. */
export const settingResetBody = z.object({ key: settingKey, reason: settingReason });
export type SettingResetBody = z.infer<typeof settingResetBody>;

/** Both changes answer the key as it now stands. */
export const consoleSettingAnswer = z.object({
  code: successCode,
  ErrorMessage: z.string(),
  setting: consoleSetting,
});
export type ConsoleSettingAnswer = z.infer<typeof consoleSettingAnswer>;
