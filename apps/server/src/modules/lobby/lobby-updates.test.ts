import { afterEach, describe, expect, it, vi } from 'vitest';
import { LobbyUpdates } from './lobby-updates';

// biome-ignore lint/suspicious/noExplicitAny: the messages as sent
type Sent = [string, any];

/**
 * A hub whose sends take `fanOutMs` to reach every watcher, with `watchers.count` lobbies open,
 * and the values the jackpots have.
 */
function setUp(fanOutMs = 0) {
  const watchers = { count: 100 };
  const sent: Sent[] = [];
  const values = new Map([
    [1, '100,20,2'],
    [2, '300,40,4'],
  ]);
  const toLobby = vi.fn(async (event: string, payload: unknown) => {
    sent.push([event, payload]);
    if (fanOutMs > 0) await new Promise((r) => setTimeout(r, fanOutMs));
  });
  const hub = { toLobby, lobbyWatchers: () => watchers.count };
  const updates = new LobbyUpdates(hub as never, async () => new Map(values), {
    windowMs: 250,
    intervalMs: 1000,
    writesPerSecond: 5000,
  });
  return { sent, values, updates, watchers };
}

describe('LobbyUpdates', () => {
  afterEach(() => vi.useRealTimers());

  it('sends a window’s status changes as one message, oldest first, and nothing for an empty one', async () => {
    vi.useFakeTimers();
    const { sent, updates } = setUp();
    updates.status({ id: 1, status: 'playing' });
    updates.status({ id: 2, status: 'reserved' });
    updates.status({ id: 1, status: 'waiting' });
    await vi.advanceTimersByTimeAsync(249);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [
        'lobby-update',
        {
          machines: [
            { id: 1, status: 'playing' },
            { id: 2, status: 'reserved' },
            { id: 1, status: 'waiting' },
          ],
          jackpots: [],
        },
      ],
    ]);
    // The next change waits for the second since the last message to be up.
    updates.status({ id: 3, status: 'available' });
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toEqual([
      'lobby-update',
      { machines: [{ id: 3, status: 'available' }], jackpots: [] },
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(2);
  });

  it('sends at most one message a second, the statuses and the jackpots together', async () => {
    vi.useFakeTimers();
    const { sent, values, updates } = setUp();
    // The first growth goes at once: the lobbies have had nothing for a second.
    updates.jackpotsGrew(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([
      ['lobby-update', { machines: [], jackpots: [{ brandId: 1, jackpot: '100,20,2' }] }],
    ]);

    // A growth and a status change 100 ms later wait for the second, and go as one message:
    // one write to each watcher, where there were two.
    await vi.advanceTimersByTimeAsync(100);
    values.set(1, '101,20,2');
    updates.jackpotsGrew(1);
    updates.status({ id: 5, status: 'playing' });
    await vi.advanceTimersByTimeAsync(899);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent[1]).toEqual([
      'lobby-update',
      { machines: [{ id: 5, status: 'playing' }], jackpots: [{ brandId: 1, jackpot: '101,20,2' }] },
    ]);

    // Every brand that grew, each with its values when the message goes.
    values.set(2, '301,40,4');
    updates.jackpotsGrew(2);
    updates.jackpotsGrew(1);
    values.set(1, '102,20,2');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent[2]).toEqual([
      'lobby-update',
      {
        machines: [],
        jackpots: [
          { brandId: 2, jackpot: '301,40,4' },
          { brandId: 1, jackpot: '102,20,2' },
        ],
      },
    ]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toHaveLength(3);
  });

  it('gathers what comes while a message is still going out into the next one', async () => {
    vi.useFakeTimers();
    // Each message takes 1.5 s to reach every watcher (a floor too busy for the pace).
    const { sent, updates } = setUp(1500);
    updates.status({ id: 1, status: 'playing' });
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toHaveLength(1);
    // Two changes while the first message is on its way, both due before it is out.
    updates.status({ id: 2, status: 'playing' });
    await vi.advanceTimersByTimeAsync(1050);
    updates.status({ id: 3, status: 'playing' });
    await vi.advanceTimersByTimeAsync(449);
    expect(sent).toHaveLength(1);
    // The first is out at 1,750 ms; the next goes at once, with both.
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    expect(sent[1]![1].machines).toEqual([
      { id: 2, status: 'playing' },
      { id: 3, status: 'playing' },
    ]);
  });

  it('spaces the messages out past the write budget: 10,000 lobbies get one every 2 s', async () => {
    vi.useFakeTimers();
    const { sent, updates, watchers } = setUp();
    watchers.count = 10_000;
    updates.status({ id: 1, status: 'playing' });
    await vi.advanceTimersByTimeAsync(250);
    expect(sent).toHaveLength(1);
    updates.status({ id: 2, status: 'playing' });
    updates.jackpotsGrew(1);
    // The first went at 250 ms: the next is due 2 s after it.
    await vi.advanceTimersByTimeAsync(1999);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toHaveLength(2);
    // The lobbies closing bring the pace back to a second.
    watchers.count = 2_000;
    updates.status({ id: 3, status: 'available' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(3);
  });

  it('sends nothing once stopped', async () => {
    vi.useFakeTimers();
    const { sent, updates } = setUp();
    updates.status({ id: 1, status: 'playing' });
    updates.stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sent).toEqual([]);
  });
});
