// §9 ZERO_BALANCE_PLAY: on (the default), a player with an empty wallet still joins a machine and
// plays the credits already on it; off, a player with nothing in the wallet and nothing on the
// machine is refused (40216) and no slot session is opened.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { playerRow, startListeningServer, type TestServer, tokenFor } from './support';

// biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
type Json = any;

describe.each([
  ['on (the default)', null],
  ['off', false],
] as const)('zero-balance play %s', (_, setting) => {
  let server: TestServer;
  let url: string;
  const sockets: Socket[] = [];

  afterEach(() => {
    for (const s of sockets.splice(0)) s.disconnect();
  });
  afterAll(() => server?.close());

  async function start() {
    const env: Record<string, string> = {};
    if (setting !== null) {
      const file = path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-settings-')), 's.json');
      writeFileSync(file, JSON.stringify({ ZERO_BALANCE_PLAY: setting }));
      env.SETTINGS_FILE = file;
    }
    ({ server, url } = await startListeningServer('pglite', env));
  }

  const request = (s: Socket, event: string, payload: unknown): Promise<Json> =>
    s.timeout(5000).emitWithAck(event, payload);
  const join = async (username: string, machineID: number) => {
    const s = io(url, { transports: ['websocket'], reconnection: false, forceNew: true });
    sockets.push(s);
    const ack = await request(s, 'init', { machineID, token: await tokenFor(server, username) });
    return { s, ack };
  };
  const wallet = async (username: string) => (await playerRow(server, username)).balance;
  /** Empties the player's wallet through the operator API. */
  async function emptyWallet(username: string) {
    const res = await server.app.inject({
      method: 'POST',
      url: '/staff/withdraw',
      headers: { authorization: `Bearer ${await tokenFor(server, 'staff')}` },
      payload: {
        username,
        amount: await wallet(username),
        idempotencyKey: `empty-${username}`,
        reason: 'zero-balance test',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(await wallet(username)).toBe(0);
  }

  it('joins with credits on the machine and an empty wallet, and plays them', async () => {
    await start();
    // Everything the player has goes onto the machine: the wallet is left at 0.
    const first = await join('demo', 2);
    expect(first.ack.code).toBe(20000);
    const all = await wallet('demo');
    expect((await request(first.s, 'transfer', { amount: all })).balance).toBe(0);
    first.s.disconnect();

    const back = await join('demo', 2);
    expect(back.ack.code).toBe(20000);
    expect(server.services.floor.agent(2)!.state().credits).toBe(all);
    expect((await request(back.s, 'press', { button: 'spin' })).code).toBe(20000);
    await expect.poll(() => server.services.floor.agent(2)!.state().credits).toBeLessThan(all);
    await request(back.s, 'leave', {});
  });

  it(
    setting === false
      ? 'refuses an empty wallet with nothing on the machine, opening no slot session'
      : 'lets an empty wallet with nothing on the machine join',
    async () => {
      await emptyWallet('demo2');
      const player = (await playerRow(server, 'demo2')).id;
      const { s, ack } = await join('demo2', 3);
      if (setting === false) {
        expect(ack).toMatchObject({
          code: 40216,
          ErrorMessage:
            'Your wallet is empty and there are no credits on this machine: add funds to play',
        });
        expect(server.services.sessions.openSessionsOf(player)).toEqual([]);
        // Money in the wallet again: the same join goes through.
        const res = await server.app.inject({
          method: 'POST',
          url: '/staff/deposit',
          headers: { authorization: `Bearer ${await tokenFor(server, 'staff')}` },
          payload: {
            username: 'demo2',
            amount: 500,
            idempotencyKey: 'refill-demo2',
            reason: 'refill',
          },
        });
        expect(res.statusCode).toBe(200);
        expect((await join('demo2', 3)).ack.code).toBe(20000);
      } else {
        expect(ack.code).toBe(20000);
        expect(server.services.sessions.openSessionsOf(player)).toHaveLength(1);
        await request(s, 'leave', {});
      }
    },
  );
});
