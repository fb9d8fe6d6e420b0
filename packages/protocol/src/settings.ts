// The schema of /Settings.json: every §9 constant, default and feature flag, typed. The server
// checks an operator's file against it key by key (a bad key is logged and left at its default,
// so one typo never serves garbage nor takes the others down). The browser never imports this
// file (zod is large); it reads the plain defaults in settings-defaults.ts, kept equal by a test.
import { z } from 'zod';
import { type Settings, settingsDefaults } from './settings-defaults';

const hexColour = z.string().regex(/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i);
/** Ids that end up inside a provider's script address. */
const providerId = z.string().regex(/^[A-Za-z0-9_-]{0,64}$/);
const ms = z.number().int().nonnegative().max(3_600_000);
const px = z.number().int().nonnegative().max(4000);
/** A real-time connection's server: '' follows API_URL. */
const socketUrl = z.union([z.literal(''), z.url({ protocol: /^(https?|wss?)$/ })]);

export const iceServerSchema = z.object({
  urls: z.union([z.string().max(1024), z.array(z.string().max(1024)).max(16)]),
  username: z.string().max(512).optional(),
  credential: z.string().max(512).optional(),
});

export const settingsSchema = z.object({
  /** Base of the HTTP API; '' is this origin. The IP check sits one level above it. */
  API_URL: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  NOTICE_URL: socketUrl,
  MACHINE_URL: socketUrl,
  CURRENCY: z.string().regex(/^[A-Z]{3}$/),
  DEFAULT_LANGUAGE: z.enum(['tr', 'en', 'ar']),
  SITE_ID: z.number().int().nonnegative(),
  DISCOUNT_MIN: z.number().nonnegative(),
  HOT_FLAG_LIMIT: z.number().nonnegative(),
  MAX_ALL_IN_LIMIT: z.number().nonnegative(),
  LOBBY_UPDATE: z.number().positive().max(3600),
  FPS: z.number().int().min(1).max(60),
  VOLUME: z.number().min(0).max(1),
  AUTO_DISCOUNT: z.boolean(),
  AUTO_BONUS: z.boolean(),
  ZERO_BALANCE_PLAY: z.boolean(),
  HOT_COINS: z
    .array(
      z.object({
        price: z.union([z.number().positive(), z.string().regex(/^\d{1,3}(?:\.\d{3})*$/)]),
        color: z.string().regex(/^[a-z]+$/),
      }),
    )
    .min(1)
    .max(10),
  COLORS: z.object({
    discount: hexColour,
    bonus: hexColour,
    credit: hexColour,
    cash: hexColour,
  }),
  CLAIM_REPEAT_GUARD_MS: ms,
  COUNTDOWN_START: z.number().int().min(1).max(600),
  COUNTDOWN_AUTO_CLOSE_MS: ms,
  IDLE_TIMEOUT_MS: ms.min(1000),
  IDLE_THROTTLE_MS: ms,
  PIN_CHECK: z.boolean(),
  IP_CHEKCING: z.boolean(),
  SHOW_LOBBY: z.boolean(),
  LANGUAGE_SELECT: z.boolean(),
  WEBCAM: z.boolean(),
  LOGIN_WITH_TOKEN: z.boolean(),
  HIDE_HEADER_BAR: z.boolean(),
  SPLASH_SCREEN: z.boolean(),
  CONTACT_ON_LOGIN: z.boolean(),
  INFORMATION_TEXT: z.string().max(4000),
  EXTERNAL_INFO: z.boolean(),
  /** Digits with optional '+', spaces, dashes and brackets; '' hides every contact link. */
  CONTACT_NUMBER: z.string().regex(/^[+\d\s()-]{0,32}$/),
  UI_VERSION: z.string().min(1).max(32),
  SUPPORTED_BROWSERS: z.array(z.enum(['chromium', 'firefox', 'safari'])).min(1),
  LIVE_CHAT_PROVIDER: z.enum(['', 'tawk', 'crisp']),
  TAWK_PROPERTY_ID: providerId,
  TAWK_WIDGET_ID: providerId,
  CRISP_WEBSITE_ID: z.union([z.literal(''), z.uuid()]),
  CLICK_SOUND: z.boolean(),
  SMALL_LOGO: z.union([z.literal(''), z.string().regex(/^(?:\/|https:\/\/)[^\s"'<>]*$/)]),
  MENU_LINKS: z
    .array(z.object({ title: z.string().min(1).max(40), url: z.url({ protocol: /^https$/ }) }))
    .max(10),
  LAYOUT: z.object({
    headerHeight: px,
    sidebarWidth: px,
    navbarWidth: px,
    navbarFoldedWidth: px,
    chatPanelWidth: px,
    quickPanelWidth: px,
    boxedMaxWidth: px,
    popupHoverDelayMs: ms,
    loginMinLength: z.number().int().min(1).max(64),
    searchSuggestionsMax: z.number().int().min(1).max(100),
  }),
  /** Stream quality bands of the game screen: picture scaled down by `scale`, bitrate capped. */
  VIDEO_BANDS: z
    .array(
      z.object({
        id: z.string().min(1).max(32),
        name: z.string().min(1).max(32),
        Order: z.number().int(),
        scale: z.number().min(1).max(8),
        maxKbps: z.number().int().min(100).max(50_000),
      }),
    )
    .min(1)
    .max(8),
});
export type SettingsFromSchema = z.infer<typeof settingsSchema>;

/** Keys the server adds from its own configuration; an operator's file may override them. */
export const serverSettingsSchema = z.object({ ICE_SERVERS: z.array(iceServerSchema) });

/** GET /Settings.json: the settings in force, the server's own keys included. */
export const servedSettingsSchema = settingsSchema
  .extend(serverSettingsSchema.partial().shape)
  .loose();

const objectKeys = new Set(['COLORS', 'LAYOUT']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface CheckedSettings {
  settings: Settings & { ICE_SERVERS?: z.infer<typeof iceServerSchema>[] };
  /** Keys that were left at their default, each with why. */
  rejected: { key: string; reason: string }[];
}

/**
 * Lays an operator's overrides over the defaults, key by key. An unknown key or a value of the
 * wrong shape is reported and skipped; COLORS and LAYOUT merge by member, so a file may change
 * one colour alone.
 */
export function checkSettings(
  overrides: unknown,
  base: Settings & { ICE_SERVERS?: unknown[] } = settingsDefaults,
): CheckedSettings {
  const rejected: CheckedSettings['rejected'] = [];
  const settings: Record<string, unknown> = { ...base };
  if (!isRecord(overrides)) {
    return {
      settings: settings as CheckedSettings['settings'],
      rejected: [{ key: '*', reason: 'the file is not a JSON object' }],
    };
  }
  const shape = { ...settingsSchema.shape, ...serverSettingsSchema.shape } as Record<
    string,
    z.ZodType
  >;
  for (const [key, value] of Object.entries(overrides)) {
    const schema = shape[key];
    if (!schema) {
      rejected.push({ key, reason: 'unknown setting' });
      continue;
    }
    const candidate =
      objectKeys.has(key) && isRecord(value)
        ? { ...(settings[key] as Record<string, unknown>), ...value }
        : value;
    const parsed = schema.safeParse(candidate);
    if (parsed.success) settings[key] = parsed.data;
    else rejected.push({ key, reason: parsed.error.issues.map((i) => i.message).join('; ') });
  }
  return { settings: settings as CheckedSettings['settings'], rejected };
}
