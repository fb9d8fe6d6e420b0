// §7: the machine connection goes where the settings say, not to the page's own host.
import { settingsDefaults } from '@reelcast/protocol/settings-defaults';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSettings } from '../../../shared/settings';
import { MachineSocketClient } from './machine-socket';

const io = vi.hoisted(() => vi.fn(() => ({ on: vi.fn(), connect: vi.fn() })));
vi.mock('socket.io-client', () => ({ io }));

const handlers = {
  onStatus: vi.fn(),
  onJoined: vi.fn(),
  onRefused: vi.fn(),
  onMachine: vi.fn(),
  onSession: vi.fn(),
  onInfo: vi.fn(),
  onSignal: vi.fn(),
  onVideoGone: vi.fn(),
};
const client = () => new MachineSocketClient({ machineId: 3, getToken: () => 't', handlers });

describe('machine connection URL', () => {
  afterEach(() => {
    useSettings.setState(settingsDefaults, true);
    io.mockClear();
  });

  it('is this page’s origin when nothing is configured', () => {
    client();
    expect(io).toHaveBeenCalledWith('/machine', expect.objectContaining({ path: '/socket.io' }));
  });

  it('follows the configured API base', () => {
    useSettings.setState({ API_URL: 'https://api.example.com' });
    client();
    expect(io).toHaveBeenCalledWith(
      'https://api.example.com/machine',
      expect.objectContaining({ path: '/socket.io' }),
    );
  });

  it('takes MACHINE_URL over the API base', () => {
    useSettings.setState({
      API_URL: 'https://api.example.com',
      MACHINE_URL: 'wss://rt.example.com/live',
    });
    client();
    expect(io).toHaveBeenCalledWith(
      'wss://rt.example.com/machine',
      expect.objectContaining({ path: '/live/socket.io', transports: ['websocket'] }),
    );
  });
});
