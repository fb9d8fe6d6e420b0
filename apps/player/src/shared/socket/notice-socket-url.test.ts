// §7: the notification connection (balance, lobby statuses, jackpots) goes to NOTICE_URL, else
// the API's base, else the page's own origin.
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstScreenShown } from '../first-screen';
import { useSettings } from '../settings';
import { connectNotice, disconnectNotice } from './notice-socket';

/** A socket that answers every call with itself and never connects. */
const stub: object = new Proxy({}, { get: () => () => stub });
const io = vi.hoisted(() => vi.fn());
vi.mock('socket.io-client', () => ({ io }));

async function connectedTo(): Promise<unknown[]> {
  io.mockImplementation(() => stub);
  connectNotice('token', 5);
  await vi.waitFor(() => expect(io).toHaveBeenCalled());
  return io.mock.calls[0] as unknown[];
}

describe('notification connection URL', () => {
  afterEach(() => {
    disconnectNotice();
    useSettings.setState(settingsDefaults, true);
    io.mockReset();
  });

  // Issue 22: socket.io is not part of what the first screen loads. Runs first: the first screen
  // is shown once per page.
  it('loads socket.io only once the first screen is up', async () => {
    io.mockImplementation(() => stub);
    connectNotice('token', 5);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(io).not.toHaveBeenCalled();
    firstScreenShown();
    await vi.waitFor(() => expect(io).toHaveBeenCalled());
  });

  it('follows the API base when NOTICE_URL is empty', async () => {
    useSettings.setState({ API_URL: 'https://api.example.com' });
    const [url, options] = await connectedTo();
    expect(url).toBe('https://api.example.com/notice');
    expect(options).toMatchObject({ path: '/socket.io' });
  });

  it('takes NOTICE_URL over the API base', async () => {
    useSettings.setState({
      API_URL: 'https://api.example.com',
      NOTICE_URL: 'https://push.example.com',
    });
    const [url] = await connectedTo();
    expect(url).toBe('https://push.example.com/notice');
  });
});
