import type { Machine } from '@reelcast/protocol/http';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestQueryClient, renderWithProviders, setUpI18n } from '../../../testing/render';
import { offeredMachineQueryOptions } from '../api/get-machine';
import { waitListQueryKey } from '../api/get-wait-list';
import { ReadyPrompt } from './ready-prompt';
import { WaitListAction } from './wait-list-action';

// The server's answers, by path; the notice socket's listeners, pushed to by the tests.
const api = vi.hoisted(() => ({
  calls: [] as Array<{ path: string; body?: unknown }>,
  entry: null as unknown,
}));
vi.mock('../../../shared/api/api-client', () => ({
  apiRequest: async (path: string, options: { body?: unknown } = {}) => {
    api.calls.push({ path, body: options.body });
    if (path === '/player/wait-list' && options.body) {
      api.entry = { machineId: 2, state: 'waiting', place: 2, size: 2 };
    }
    if (path === '/player/wait-list/leave') {
      api.entry = null;
      return { code: 20000, machineId: 2 };
    }
    return { code: 20000, entry: api.entry };
  },
}));
const notice = vi.hoisted(() => new Map<string, (payload: unknown) => void>());
vi.mock('../../../shared/socket/notice-events', () => ({
  useNoticeEvent: (event: string, handler: (payload: unknown) => void) => {
    notice.set(event, handler);
  },
}));

const machine = {
  id: 2,
  name: 'Book of Ra',
  status: 'playing',
  reservation: null,
} as unknown as Machine;

describe('the wait list on a busy machine’s card', () => {
  beforeAll(setUpI18n);
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('joins the line and shows the place, then leaves it', async () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(waitListQueryKey, null);
    renderWithProviders(<WaitListAction machine={machine} />, { queryClient });
    await userEvent.click(
      screen.getByRole('button', { name: 'Join the wait list for Book of Ra' }),
    );
    expect(api.calls[0]).toEqual({ path: '/player/wait-list', body: { machineId: 2 } });
    expect((await screen.findByText(/You are number/)).textContent).toBe(
      'You are number 2 of 2 in line',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Leave the line' }));
    await waitFor(() => expect(screen.queryByText(/You are number/)).toBeNull());
    expect(api.calls.some((c) => c.path === '/player/wait-list/leave')).toBe(true);
  });

  it('is not offered on a free machine or one reserved for the player', () => {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(waitListQueryKey, null);
    renderWithProviders(<WaitListAction machine={{ ...machine, status: 'available' }} />, {
      queryClient,
    });
    expect(screen.queryByRole('button')).toBeNull();
    renderWithProviders(
      <WaitListAction
        machine={{
          ...machine,
          status: 'reserved',
          reservation: { mine: true, expiresAt: '2099-01-01T00:00:00Z' },
        }}
      />,
      { queryClient },
    );
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('the ready prompt', () => {
  beforeAll(setUpI18n);

  function renderPrompt() {
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(waitListQueryKey, null);
    queryClient.setQueryData(offeredMachineQueryOptions(2).queryKey, machine);
    renderWithProviders(<ReadyPrompt />, { queryClient });
    return queryClient;
  }

  it('shows when the machine is held for the player, with the seconds left, live', async () => {
    renderPrompt();
    expect(screen.queryByTestId('ready-prompt')).toBeNull();
    const expiresAt = new Date(Date.now() + 15_000).toISOString();
    act(() =>
      notice.get('wait-list')?.({ machineId: 2, state: 'ready', place: 1, size: 1, expiresAt }),
    );
    const prompt = await screen.findByTestId('ready-prompt');
    expect(prompt.textContent).toMatch(/Book of Ra is held for you for 1[45] seconds/);
    expect(screen.getByRole('button', { name: 'Sit down' })).toBeTruthy();
  });

  it('Pass gives the machine to the next in line', async () => {
    renderPrompt();
    const expiresAt = new Date(Date.now() + 15_000).toISOString();
    act(() =>
      notice.get('wait-list')?.({ machineId: 2, state: 'ready', place: 1, size: 1, expiresAt }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Pass' }));
    await waitFor(() => expect(screen.queryByTestId('ready-prompt')).toBeNull());
    expect(api.calls.some((c) => c.path === '/player/wait-list/leave')).toBe(true);
  });

  it('goes away when the prompt ran out (the next in line has it)', async () => {
    renderPrompt();
    const expiresAt = new Date(Date.now() + 15_000).toISOString();
    act(() =>
      notice.get('wait-list')?.({ machineId: 2, state: 'ready', place: 1, size: 1, expiresAt }),
    );
    await screen.findByTestId('ready-prompt');
    act(() => notice.get('wait-list')?.({ machineId: 2, state: 'left', reason: 'missed' }));
    await waitFor(() => expect(screen.queryByTestId('ready-prompt')).toBeNull());
  });
});
