// §4 the player's layout settings as plain data: the defaults and a lenient reading of a stored
// or received value. No zod here, so the browser's entry chunk can import it.
import type { LayoutSettings, UserSettings } from './http';

export const defaultUserSettings: UserSettings = {
  layout: { navbarFolded: false, walletVisible: true },
};

/**
 * Settings read leniently: each preference that is missing or of the wrong kind (an older row, an
 * older server) takes its default, so a sign-in never fails over a layout preference.
 */
export function readUserSettings(value: unknown): UserSettings {
  const layout = (value as { layout?: Record<string, unknown> } | null)?.layout ?? {};
  const flag = (key: keyof LayoutSettings) =>
    typeof layout[key] === 'boolean' ? layout[key] : defaultUserSettings.layout[key];
  return { layout: { navbarFolded: flag('navbarFolded'), walletVisible: flag('walletVisible') } };
}
