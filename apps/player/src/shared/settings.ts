// The external settings (/Settings.json) merged over the §9 defaults. Loaded once before the routes
// render; after that it is read-only app state.
import { type Settings, settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { create } from 'zustand';

export type PlayerSettings = Settings & {
  /** STUN/TURN servers for the machine video; none means host candidates only. */
  ICE_SERVERS?: RTCIceServer[];
};

export const useSettings = create<PlayerSettings>()(() => settingsDefaults);

export function getSettings(): PlayerSettings {
  return useSettings.getState();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The loaded file over the defaults. COLORS and LAYOUT merge member by member, so a file that
 * changes one colour keeps the others. The server has already checked each key's shape.
 */
export function mergeSettings(loaded: unknown): PlayerSettings {
  if (!isRecord(loaded)) throw new Error('Settings.json is not an object');
  const colours = isRecord(loaded.COLORS) ? loaded.COLORS : {};
  const layout = isRecord(loaded.LAYOUT) ? loaded.LAYOUT : {};
  return {
    ...settingsDefaults,
    ...loaded,
    COLORS: { ...settingsDefaults.COLORS, ...colours },
    LAYOUT: { ...settingsDefaults.LAYOUT, ...layout },
  } as PlayerSettings;
}

/** Never fails: a missing or broken file is logged and the product starts on the defaults (§4). */
export async function loadSettings(): Promise<PlayerSettings> {
  try {
    const response = await fetch('/Settings.json', { cache: 'no-store' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    useSettings.setState(mergeSettings(await response.json()), true);
  } catch (error) {
    console.error('Settings.json could not be loaded, starting on the defaults:', error);
  }
  return getSettings();
}
