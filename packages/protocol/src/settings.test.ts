import { describe, expect, it } from 'vitest';
import { checkSettings, type SettingsFromSchema, settingsSchema } from './settings';
import { type Settings, settingsDefaults } from './settings-defaults';

// Both directions at compile time: the plain defaults are exactly the schema's type.
const asSchema: SettingsFromSchema = settingsDefaults;
const asDefaults: Settings = asSchema;

describe('settings schema', () => {
  it('covers exactly the keys of the browser defaults, and accepts the defaults as they are', () => {
    expect(Object.keys(settingsSchema.shape).sort()).toEqual(Object.keys(asDefaults).sort());
    expect(settingsSchema.parse(settingsDefaults)).toEqual(settingsDefaults);
  });

  it('lays valid overrides over the defaults and merges colours member by member', () => {
    const { settings, rejected } = checkSettings({
      PIN_CHECK: true,
      CURRENCY: 'EUR',
      COLORS: { bonus: '#00ccff' },
      LAYOUT: { navbarFoldedWidth: 72 },
    });
    expect(rejected).toEqual([]);
    expect(settings.PIN_CHECK).toBe(true);
    expect(settings.CURRENCY).toBe('EUR');
    expect(settings.COLORS).toEqual({ ...settingsDefaults.COLORS, bonus: '#00ccff' });
    expect(settings.LAYOUT.navbarFoldedWidth).toBe(72);
    expect(settings.LAYOUT.navbarWidth).toBe(280);
  });

  it('skips a wrong value or an unknown key and keeps the default, naming each', () => {
    const { settings, rejected } = checkSettings({
      PIN_CHECK: 'yes',
      COLORS: { cash: 'url(javascript:x)' },
      LIVE_CHAT_PROVIDER: 'zendesk',
      TAWK_PROPERTY_ID: '../../evil',
      NO_SUCH_FLAG: true,
      IP_CHEKCING: true,
    });
    expect(rejected.map((r) => r.key).sort()).toEqual([
      'COLORS',
      'LIVE_CHAT_PROVIDER',
      'NO_SUCH_FLAG',
      'PIN_CHECK',
      'TAWK_PROPERTY_ID',
    ]);
    expect(settings.PIN_CHECK).toBe(false);
    expect(settings.COLORS).toEqual(settingsDefaults.COLORS);
    expect(settings.LIVE_CHAT_PROVIDER).toBe('');
    expect(settings.IP_CHEKCING).toBe(true);
    expect(settings).not.toHaveProperty('NO_SUCH_FLAG');
  });

  it('serves the defaults when the file is not an object', () => {
    const { settings, rejected } = checkSettings([1, 2]);
    expect(settings).toEqual(settingsDefaults);
    expect(rejected).toHaveLength(1);
  });
});
