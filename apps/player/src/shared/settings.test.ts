import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSettings, loadSettings, mergeSettings, useSettings } from './settings';

describe('settings', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    useSettings.setState(settingsDefaults, true);
  });

  it('lays the loaded file over the defaults, nested groups member by member', () => {
    const merged = mergeSettings({
      PIN_CHECK: true,
      CURRENCY: 'EUR',
      COLORS: { bonus: '#00ccff' },
      LAYOUT: { navbarFoldedWidth: 72 },
    });
    expect(merged.PIN_CHECK).toBe(true);
    expect(merged.CURRENCY).toBe('EUR');
    expect(merged.COLORS).toEqual({ ...settingsDefaults.COLORS, bonus: '#00ccff' });
    expect(merged.LAYOUT).toEqual({ ...settingsDefaults.LAYOUT, navbarFoldedWidth: 72 });
    expect(merged.IDLE_TIMEOUT_MS).toBe(settingsDefaults.IDLE_TIMEOUT_MS);
  });

  it('loads /Settings.json before start and keeps what it says', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      new Response(JSON.stringify({ IP_CHEKCING: true, DEFAULT_LANGUAGE: 'en' })),
    );
    const settings = await loadSettings();
    expect(settings.IP_CHEKCING).toBe(true);
    expect(getSettings().DEFAULT_LANGUAGE).toBe('en');
  });

  it.each([
    ['an HTTP error', () => Promise.resolve(new Response('gone', { status: 404 }))],
    ['a network failure', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['a file that is not an object', () => Promise.resolve(new Response('[1,2]'))],
  ])('logs %s and starts on the defaults', async (_, answer) => {
    vi.spyOn(globalThis, 'fetch').mockImplementation(answer);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await loadSettings()).toEqual(settingsDefaults);
    expect(logged).toHaveBeenCalledOnce();
  });
});
