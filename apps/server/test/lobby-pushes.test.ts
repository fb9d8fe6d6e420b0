// The lobby's pushes on /notice reach only the tabs whose lobby is on screen (`lobby {watch}`),
// and a busy floor costs each of them one message per window, not one per machine or brand:
// status changes of a short window travel together in a `lobby-update`, and every changed brand's
// jackpots in one such message a second (found by the load bench: a write per socket per push was
// a third of the server's time, and every player got four jackpot messages a second whatever they
// looked at). lobby-updates.test.ts shows statuses and jackpots sharing one message.
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../src/db/schema';
import { noticeTab } from './notice-tab';
import { playerRow, startListeningServer, type TestServer } from './support';

// biome-ignore lint/suspicious/noExplicitAny: answers are loosely typed JSON
type Json = any;

describe('lobby pushes on /notice', () => {
  let server: TestServer;
  let origin: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    let url: string;
    ({ server, url } = await startListeningServer('pglite', { JACKPOT_CONTRIBUTION: '0.1' }));
    origin = url.replace(/\/machine$/, '');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  /** A /notice socket of the player (before init); records every push it hears. */
  async function tab(username: string) {
    const t = await noticeTab(server, origin, username);
    sockets.push(t.socket);
    return t;
  }

  /** Two machines of different brands. */
  async function twoBrands(): Promise<[number, number]> {
    const rows = await server.services.database.db.select().from(machines);
    const first = rows.find((m) => m.brandId !== null)!;
    const second = rows.find((m) => m.brandId !== null && m.brandId !== first.brandId)!;
    return [first.id, second.id];
  }

  it('refuses a lobby request before init and bad input, and answers the watch it set', async () => {
    const t = await tab('demo');
    expect(await t.ask('lobby', { watch: true })).toMatchObject({ code: 40300 });
    expect((await t.ask('init', { id: t.player.id })).code).toBe(20000);
    expect(await t.ask('lobby', { watch: 'yes' })).toMatchObject({ code: 40000 });
    expect(await t.ask('lobby', {})).toMatchObject({ code: 40000 });
    expect(await t.ask('lobby', { watch: true })).toEqual({ code: 20000, watch: true });
    expect(await t.ask('lobby', { watch: false })).toEqual({ code: 20000, watch: false });
    t.socket.disconnect();
  });

  it('statuses go only to watching tabs, a window’s changes of several machines in one message', async () => {
    const { sessions } = server.services;
    const watching = await tab('demo2');
    const elsewhere = await tab('demo0');
    for (const t of [watching, elsewhere]) {
      expect((await t.ask('init', { id: t.player.id })).code).toBe(20000);
    }
    expect((await watching.ask('lobby', { watch: true })).code).toBe(20000);

    const [a, b] = await twoBrands();
    const one = await sessions.open((await playerRow(server, 'demo')).id, a);
    const two = await sessions.open((await playerRow(server, 'nomenu')).id, b);
    await expect
      .poll(() => watching.of('lobby-update').flatMap((m) => m.machines))
      .toEqual([
        { id: a, status: 'playing' },
        { id: b, status: 'playing' },
      ]);
    // Both sit-downs fell in one window: one message, not one per machine.
    expect(watching.of('lobby-update')).toHaveLength(1);

    // A tab that leaves the lobby hears no more of it; the other never did. A third tab that
    // still watches shows when the closes' window has been sent.
    const control = await tab('nomenu');
    expect((await control.ask('init', { id: control.player.id })).code).toBe(20000);
    expect((await control.ask('lobby', { watch: true })).code).toBe(20000);
    expect((await watching.ask('lobby', { watch: false })).code).toBe(20000);
    await sessions.close(one.id, 'player');
    await sessions.close(two.id, 'player');
    await expect
      .poll(() => control.of('lobby-update').flatMap((m) => m.machines))
      .toEqual([
        { id: a, status: 'available' },
        { id: b, status: 'available' },
      ]);
    // The flush has gone out: a round trip on each tab orders after anything it sent them.
    expect((await watching.ask('init', { id: watching.player.id })).code).toBe(20000);
    expect((await elsewhere.ask('init', { id: elsewhere.player.id })).code).toBe(20000);
    expect(watching.of('lobby-update')).toHaveLength(1);
    expect(elsewhere.of('lobby-update')).toEqual([]);
    for (const t of [watching, elsewhere, control]) t.socket.disconnect();
  });

  it('jackpots of every brand that changed go out in one message', async () => {
    const watching = await tab('demo');
    expect((await watching.ask('init', { id: watching.player.id })).code).toBe(20000);
    expect((await watching.ask('lobby', { watch: true })).code).toBe(20000);
    const [a, b] = await twoBrands();
    const { jackpots } = server.services.lobby;
    await jackpots.onGame(a, 100);
    await jackpots.onGame(b, 100);
    const values = await jackpots.byBrand();

    const withJackpots = () => watching.of('lobby-update').filter((m) => m.jackpots.length > 0);
    await expect.poll(() => withJackpots().length, { timeout: 3000 }).toBeGreaterThan(0);
    const [first] = withJackpots();
    const pushed = new Map(first.jackpots.map((j: Json) => [j.brandId, j.jackpot]));
    expect(pushed.size).toBe(2);
    for (const [brandId, jackpot] of pushed) expect(values.get(brandId as number)).toBe(jackpot);
    watching.socket.disconnect();
  });
});
