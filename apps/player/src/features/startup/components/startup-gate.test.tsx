import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../shared/settings';
import { fakeServer } from '../../../testing/fake-server';
import { jsonResponse } from '../../../testing/fixtures';
import { setUpI18n } from '../../../testing/render';
import { StartupGate } from './startup-gate';

const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

function browser(userAgent: string, webRtc = true) {
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
  vi.stubGlobal('RTCPeerConnection', webRtc ? class {} : undefined);
}

const app = () => render(<StartupGate>{<p>The lobby</p>}</StartupGate>);

describe('start-up gates', () => {
  beforeAll(setUpI18n);
  beforeEach(() => useSettings.setState(settingsDefaults, true));
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('starts a supported browser with WebRTC and no IP checking straight away', () => {
    browser(chrome);
    const fetch = fakeServer();
    app();
    expect(screen.getByText('The lobby')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('recommends the two supported families to any other browser', async () => {
    browser(safari);
    app();
    // The refusals are a chunk of their own, loaded when needed.
    expect(
      await screen.findByRole('heading', { name: 'Please use a supported browser' }),
    ).toBeTruthy();
    expect(screen.getByText(/Chromium-based browsers .* and in Mozilla Firefox/)).toBeTruthy();
    expect(screen.queryByText('The lobby')).toBeNull();
  });

  it('lets a configured family through', () => {
    browser(safari);
    useSettings.setState({ SUPPORTED_BROWSERS: ['chromium', 'firefox', 'safari'] });
    app();
    expect(screen.getByText('The lobby')).toBeTruthy();
  });

  it('says so when WebRTC is missing and points to the settings or a VPN', async () => {
    browser(chrome, false);
    app();
    expect(
      await screen.findByRole('heading', { name: 'Live video is not available' }),
    ).toBeTruthy();
    expect(screen.getByText(/browser settings .* VPN/)).toBeTruthy();
  });

  it('checks the address first when IP checking is on, then starts', async () => {
    browser(chrome);
    useSettings.setState({ IP_CHEKCING: true });
    fakeServer({
      '/check': () =>
        jsonResponse(200, { status: true, code: 20000, ip: '1.2.3.4', country: 'TR' }),
    });
    app();
    expect(screen.getByRole('status').textContent).toContain('Your IP address is being checked');
    expect(await screen.findByText('The lobby')).toBeTruthy();
  });

  it('names the country and the address when the country is not permitted', async () => {
    browser(chrome);
    useSettings.setState({ IP_CHEKCING: true });
    fakeServer({
      '/check': () =>
        jsonResponse(200, { status: false, code: 10703, ip: '8.8.8.8', country: 'US' }),
    });
    app();
    expect(
      await screen.findByText(
        'We see that you are connecting from United States with 8.8.8.8 address. Unfortunately, you are not among the permitted countries.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('The lobby')).toBeNull();
  });

  it('alerts a check that is not answered with 200', async () => {
    browser(chrome);
    useSettings.setState({ IP_CHEKCING: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    fakeServer({ '/check': () => jsonResponse(502, { message: 'Bad gateway' }) });
    app();
    expect(await screen.findByRole('heading', { name: 'Network error' })).toBeTruthy();
    expect(alert).toHaveBeenCalledWith('error on network connection please reflesh your page');
    expect(screen.queryByText('The lobby')).toBeNull();
  });
});
