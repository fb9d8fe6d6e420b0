import { afterEach, describe, expect, it, vi } from 'vitest';
import { StatusPushes } from './status-pushes';

describe('StatusPushes', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a window’s changes as one message, oldest first, and nothing for an empty window', () => {
    vi.useFakeTimers();
    const toLobby = vi.fn();
    const pushes = new StatusPushes({ toLobby }, 150);
    pushes.add({ id: 1, status: 'playing' });
    pushes.add({ id: 2, status: 'reserved' });
    pushes.add({ id: 1, status: 'waiting' });
    vi.advanceTimersByTime(149);
    expect(toLobby).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(toLobby.mock.calls).toEqual([
      [
        'machines',
        {
          machines: [
            { id: 1, status: 'playing' },
            { id: 2, status: 'reserved' },
            { id: 1, status: 'waiting' },
          ],
        },
      ],
    ]);
    // The next change opens a new window of its own.
    pushes.add({ id: 3, status: 'available' });
    vi.advanceTimersByTime(150);
    expect(toLobby).toHaveBeenCalledTimes(2);
    expect(toLobby.mock.calls[1]).toEqual([
      'machines',
      { machines: [{ id: 3, status: 'available' }] },
    ]);
    vi.advanceTimersByTime(1_000);
    expect(toLobby).toHaveBeenCalledTimes(2);
  });
});
