// The §9 defaults. The server serves them as /Settings.json (an operator file may override them)
// and the client merges the loaded file over them. Plain data: importing it pulls in no zod.

export const hotCoinColours = ['blue', 'green', 'purple', 'yellow', 'red'] as const;

export const settingsDefaults = {
  API_URL: '',
  /**
   * §7 the notification connection's URL (/notice: balance, lobby statuses, jackpots); '' follows
   * API_URL. An http(s) or ws(s) address of the server; a path is where socket.io sits under it.
   */
  NOTICE_URL: '',
  /** §7 the real-time machine connection's URL (/machine); '' follows API_URL. */
  MACHINE_URL: '',
  CURRENCY: 'TRY',
  DEFAULT_LANGUAGE: 'tr' as 'tr' | 'en' | 'ar',
  SITE_ID: 2004,
  DISCOUNT_MIN: 100,
  HOT_FLAG_LIMIT: 20000,
  MAX_ALL_IN_LIMIT: 2500000,
  LOBBY_UPDATE: 10,
  /** frames a second of the machines' video (the server's FLOOR_FPS caps it) */
  FPS: 30,
  VOLUME: 1,
  AUTO_DISCOUNT: true,
  AUTO_BONUS: true,
  ZERO_BALANCE_PLAY: true,
  // Hot coin amounts as the spec writes them (display units, Turkish thousands separators).
  HOT_COINS: [
    { price: 500, color: 'blue' },
    { price: 5000, color: 'green' },
    { price: '10.000', color: 'purple' },
    { price: '50.000', color: 'yellow' },
    { price: '100.000', color: 'red' },
  ] as Array<{ price: number | string; color: string }>,
  COLORS: { discount: '#fc0', bonus: '#0cf', credit: '#f00', cash: '#0f0' },
  CLAIM_REPEAT_GUARD_MS: 30000,
  /** the idle countdown's first count: the server counts from it, the toast shows its count */
  COUNTDOWN_START: 10,
  COUNTDOWN_AUTO_CLOSE_MS: 10000,
  IDLE_TIMEOUT_MS: 60000,
  IDLE_THROTTLE_MS: 500,
  PIN_CHECK: false,
  IP_CHEKCING: false,
  SHOW_LOBBY: true,
  LANGUAGE_SELECT: true,
  WEBCAM: true,
  LOGIN_WITH_TOKEN: false,
  HIDE_HEADER_BAR: false,
  SPLASH_SCREEN: false,
  CONTACT_ON_LOGIN: true,
  INFORMATION_TEXT: '',
  EXTERNAL_INFO: false,
  CONTACT_NUMBER: '',
  UI_VERSION: 'v2.4.5',
  /**
   * Stream quality bands of the game screen (§3 bandSelects, shown by Order descending). Choosing
   * one sets the viewer's video sender: resolution scaled down by `scale`, bitrate capped.
   */
  VIDEO_BANDS: [
    { id: 'hd', name: 'HD', Order: 3, scale: 1, maxKbps: 12000 },
    { id: 'sd', name: 'SD', Order: 2, scale: 1.5, maxKbps: 2500 },
    { id: 'low', name: 'Low', Order: 1, scale: 2, maxKbps: 800 },
  ] as Array<{ id: string; name: string; Order: number; scale: number; maxKbps: number }>,
  /** §1 start-up gate: browser families that proceed; others get a notice. */
  SUPPORTED_BROWSERS: ['chromium', 'firefox'] as Array<'chromium' | 'firefox' | 'safari'>,
  /** Live chat (§1): '' none, 'tawk' (Tawk.to) or 'crisp' (Crisp), with that provider's ids. */
  LIVE_CHAT_PROVIDER: '' as '' | 'tawk' | 'crisp',
  TAWK_PROPERTY_ID: '',
  TAWK_WIDGET_ID: 'default',
  CRISP_WEBSITE_ID: '',
  CLICK_SOUND: false,
  /** A small logo image replacing the logo's mark (a path or an https URL); empty: the built-in. */
  SMALL_LOGO: '',
  /** §2: further menu items from configuration, opening in a new window (https only). */
  MENU_LINKS: [] as Array<{ title: string; url: string }>,
  /**
   * §9 layout constants, in CSS pixels (and ms for the delay). The shell reads navbarWidth,
   * navbarFoldedWidth and boxedMaxWidth. The others are template leftovers kept for the file's
   * sake and change nothing (docs/product.md §9 says why of each): headerHeight, sidebarWidth,
   * popupHoverDelayMs, chatPanelWidth, quickPanelWidth, searchSuggestionsMax, loginMinLength.
   */
  LAYOUT: {
    headerHeight: 120,
    sidebarWidth: 240,
    navbarWidth: 280,
    navbarFoldedWidth: 64,
    chatPanelWidth: 360,
    quickPanelWidth: 280,
    boxedMaxWidth: 1120,
    popupHoverDelayMs: 150,
    loginMinLength: 4,
    searchSuggestionsMax: 10,
  },
};
export type Settings = typeof settingsDefaults;

/** A hot coin's amount in hundredths: '10.000' means 10000 currency units. */
export function hotCoinCents(price: number | string): number {
  const units = typeof price === 'number' ? price : Number(price.replace(/\./g, ''));
  return Math.round(units * 100);
}
