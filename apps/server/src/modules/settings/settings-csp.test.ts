import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { describe, expect, it } from 'vitest';
import { settingsSources } from './settings-csp';

describe('CSP sources from the settings', () => {
  it('adds nothing for the defaults (everything on this origin)', () => {
    for (const directive of ['connectSrc', 'frameSrc', 'imgSrc'] as const) {
      expect(settingsSources(settingsDefaults, directive)).toBe('');
    }
  });

  it('lets the page reach the configured API and real-time servers, in both schemes (§7)', () => {
    const settings = {
      ...settingsDefaults,
      API_URL: 'https://api.example.com/v1',
      NOTICE_URL: 'wss://push.example.com:8443',
      MACHINE_URL: '',
    };
    expect(settingsSources(settings, 'connectSrc').split(' ')).toEqual([
      'https://api.example.com',
      'wss://api.example.com',
      'wss://push.example.com:8443',
      'https://push.example.com:8443',
    ]);
    // The information pages are framed from the API's server.
    expect(settingsSources(settings, 'frameSrc')).toBe('https://api.example.com');
  });

  it('allows the small logo’s origin for images, not a path of this origin', () => {
    const logo = (SMALL_LOGO: string) =>
      settingsSources({ ...settingsDefaults, SMALL_LOGO }, 'imgSrc');
    expect(logo('https://cdn.example.com/mark.png')).toBe('https://cdn.example.com');
    expect(logo('/images/mark.png')).toBe('');
  });
});
