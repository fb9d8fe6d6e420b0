// The wallet's HTTP calls and the /notice socket, on a real server: operator money, discount and
// bonus claims with their guards, the transactions list and live balances in every tab.
import type { AddressInfo } from 'node:net';
import { TransactionType } from '@reelcast/protocol/transactions';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionsRepository } from '../src/modules/sessions/repository';
import { WalletService } from '../src/modules/wallet/service';
import { playerRow, startTestServer, type TestServer, tokenFor } from './support';

describe('wallet', () => {
  let server: TestServer;
  let baseUrl: string;
  let staff: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    server = await startTestServer('pglite');
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    staff = await tokenFor(server, 'staff');
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server.close();
  });

  const get = (token: string, url: string) =>
    server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  const staffMove = (
    direction: 'deposit' | 'withdraw',
    body: Record<string, unknown>,
    token = staff,
  ) =>
    server.app.inject({
      method: 'POST',
      url: `/staff/${direction}`,
      headers: { authorization: `Bearer ${token}` },
      // A reason is required of every movement; these tests are about the rest of the body.
      payload: { reason: 'wallet test', ...body },
    });
  const balanceOf = async (username: string) => (await playerRow(server, username)).balance;

  /** Puts the player's wallet at exactly `cents` through the operator API. */
  async function setWallet(username: string, cents: number, key: string) {
    const now = await balanceOf(username);
    if (now === cents) return;
    const res = await staffMove(now < cents ? 'deposit' : 'withdraw', {
      username,
      amount: Math.abs(now - cents),
      idempotencyKey: `set-wallet:${key}`,
    });
    expect(res.statusCode).toBe(200);
  }

  async function play(username: string, cashIn: number, cashOut: number, tag: string) {
    const { id } = await playerRow(server, username);
    await server.services.ledger.post({
      playerId: id,
      type: TransactionType.cashIn,
      amount: -cashIn,
      idempotencyKey: `test-in:${tag}`,
      machineId: 1,
    });
    if (cashOut > 0) {
      await server.services.ledger.post({
        playerId: id,
        type: TransactionType.cashOut,
        amount: cashOut,
        idempotencyKey: `test-out:${tag}`,
        machineId: 1,
      });
    }
  }

  describe('operator money', () => {
    it('is for staff only', async () => {
      const body = { username: 'demo', amount: 100, idempotencyKey: 'only-staff-1' };
      const player = await tokenFor(server, 'demo');
      expect((await staffMove('deposit', body, player)).json().code).toBe(40300);
      const anonymous = await server.app.inject({
        method: 'POST',
        url: '/staff/deposit',
        payload: body,
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('deposits once per key and withdraws no more than the wallet holds', async () => {
      const before = await balanceOf('demo');
      const body = { username: 'demo', amount: 2500, idempotencyKey: 'cashier-deposit-1' };
      const first = await staffMove('deposit', body);
      expect(first.json()).toMatchObject({ code: 20000, applied: true, balance: before + 2500 });
      const retry = await staffMove('deposit', body);
      expect(retry.json()).toMatchObject({ applied: false, entryId: first.json().entryId });
      expect(await balanceOf('demo')).toBe(before + 2500);

      const tooMuch = await staffMove('withdraw', {
        username: 'demo',
        amount: before + 2501,
        idempotencyKey: 'cashier-withdraw-too-much',
      });
      expect(tooMuch.statusCode).toBe(409);
      expect(tooMuch.json()).toMatchObject({ code: 40214, Params: { balance: before + 2500 } });
      expect(await balanceOf('demo')).toBe(before + 2500);

      const { id } = await playerRow(server, 'demo');
      const out = await staffMove('withdraw', {
        playerId: id,
        amount: 2500,
        idempotencyKey: 'cashier-withdraw-1',
      });
      expect(out.json()).toMatchObject({ applied: true, balance: before });
    });

    it('refuses malformed bodies and unknown players', async () => {
      const bad = [
        { username: 'demo', amount: -5, idempotencyKey: 'neg-amount-1' },
        { username: 'demo', amount: 1.5, idempotencyKey: 'frac-amount' },
        { username: 'demo', playerId: 1, amount: 5, idempotencyKey: 'both-given' },
        { username: 'demo', amount: 5, idempotencyKey: 'short' },
      ];
      for (const body of bad) {
        const res = await staffMove('deposit', body);
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe(40000);
      }
      const nobody = await staffMove('deposit', {
        username: 'nobody-here',
        amount: 5,
        idempotencyKey: 'nobody-key',
      });
      expect(nobody.json().code).toBe(40400);
    });
  });

  describe('discount', () => {
    it('refuses while the balance is at or above the minimum', async () => {
      await setWallet('demo2', 10_000, 'd-high');
      const res = await get(await tokenFor(server, 'demo2'), '/player/discount');
      // §7: the claim's one shape (status, code, Params.amount, ErrorMessage), HTTP 200.
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 409,
        code: 40211,
        Params: { amount: 10_000 },
        ErrorMessage: 'Your balance must be below 100.00',
      });
    });

    it('pays a percentage of the net loss once, then guards and finds nothing more', async () => {
      const token = await tokenFor(server, 'demo2');
      await setWallet('demo2', 9_000, 'd-low');
      // Lost 40.00 net: in 60.00, out 20.00; the discount is 10 % of that.
      await play('demo2', 3_000, 0, 'd1');
      await play('demo2', 3_000, 2_000, 'd2');
      const before = await balanceOf('demo2');
      const [a, b] = await Promise.all([
        get(token, '/player/discount'),
        get(token, '/player/discount'),
      ]);
      const answers = [a.json(), b.json()];
      const paid = answers.filter((x) => x.code === 20000);
      expect(paid).toHaveLength(1);
      expect(paid[0]).toMatchObject({
        status: 200,
        Params: { amount: 400 },
        balance: before + 400,
      });
      expect(answers.find((x) => x.code !== 20000)).toEqual({
        status: 429,
        code: 40210,
        Params: { amount: 0 },
        ErrorMessage: 'You can use discount only once per 5 minutes',
      });
      expect(await balanceOf('demo2')).toBe(before + 400);
    });

    it('has nothing to pay after a win', async () => {
      await setWallet('demo', 5_000, 'd-demo-low');
      await play('demo', 1_000, 3_000, 'd-win');
      const res = await get(await tokenFor(server, 'demo'), '/player/discount');
      expect(res.json().code).toBe(40212);
    });
  });

  describe('discount with credits on a machine', () => {
    it('waits for the cash-out, and the credits that come back are not counted as a win', async () => {
      const token = await tokenFor(server, 'demo');
      await setWallet('demo', 5_000, 'd-machine-low');
      const { id } = await playerRow(server, 'demo');
      const sessions = server.services.sessions;
      const session = await sessions.open(id, 3);
      await sessions.transfer(session.id, 3_000, 'd-machine-in');
      const waiting = await get(token, '/player/discount');
      expect(waiting.statusCode).toBe(200);
      expect(waiting.json()).toMatchObject({
        status: 409,
        code: 40215,
        Params: { amount: 0 },
        ErrorMessage: 'Cash out the credits on the machine first, then claim the discount',
      });
      await sessions.close(session.id, 'test');
      // In 30.00 and out 30.00: nothing lost on that machine (the earlier win is still ahead).
      expect((await get(token, '/player/discount')).json().code).toBe(40212);
      expect(await balanceOf('demo')).toBe(5_000);
    });
  });

  describe('bonus', () => {
    it("pays a share of the day's bets once per day", async () => {
      const username = 'staff';
      await setWallet(username, 50_000, 'b-start');
      // A Cash In and Cash Out with no game is no play (bonus.test.ts plays real games); here
      // one lost game of 5.00 is recorded on a session, with no money moved.
      const { id } = await playerRow(server, username);
      const session = await server.services.sessions.open(id, 5);
      await sessionsRepository.recordSpin(server.services.database.db, {
        sessionId: session.id,
        bet: 500,
        win: 0,
        creditsBefore: 500,
        creditsAfter: 0,
        stops: [0, 0, 0],
        grid: [],
      });
      await server.services.sessions.close(session.id, 'player');
      const token = await tokenFor(server, username);
      const first = await get(token, '/player/bonus');
      // 2 % of the 500 bet.
      expect(first.json()).toMatchObject({ code: 20000, Params: { amount: 10 } });
      const again = await get(token, '/player/bonus');
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ status: 429, code: 40210, Params: { amount: 0 } });
    });
  });

  describe('claims over time', () => {
    it('guards 30 s after a paid discount, counts only losses since it, bonus once a UTC day', async () => {
      // The entries carry the database's time: the clock starts at the real now and moves on.
      let now = new Date(Date.now() + 60_000);
      const wallet = new WalletService(
        server.services.database.db,
        server.services.ledger,
        server.services.config,
        () => now,
      );
      const username = 'staff';
      const { id } = await playerRow(server, username);
      await setWallet(username, 5_000, 'time-start');
      await play(username, 1_000, 0, 't1');
      const first = await wallet.claim(id, 'discount');
      expect(first.amount).toBeGreaterThan(0);

      now = new Date(first.entry.createdAt.getTime() + 29_000);
      await expect(wallet.claim(id, 'discount')).rejects.toMatchObject({ code: 40210 });
      now = new Date(first.entry.createdAt.getTime() + 31_000);
      await expect(wallet.claim(id, 'discount')).rejects.toMatchObject({ code: 40212 });
      // Only the loss after the last discount counts.
      await play(username, 2_000, 0, 't2');
      expect((await wallet.claim(id, 'discount')).amount).toBe(200);

      // The bonus test above took today's bonus; tomorrow it is due again, if there was play.
      const today = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
      const tomorrow = new Date(today.getTime() + 86_400_000);
      await expect(wallet.claim(id, 'bonus')).rejects.toMatchObject({
        code: 40213,
        params: { next: tomorrow.toISOString() },
      });
      now = new Date(tomorrow.getTime() + 1_000);
      await expect(wallet.claim(id, 'bonus')).rejects.toMatchObject({ code: 40212 });
    });
  });

  describe('transactions', () => {
    it('lists newest first, filters by type and time, pages, refuses bad filters', async () => {
      const token = await tokenFor(server, 'demo2');
      const all = (await get(token, '/player/transactions?pageSize=200')).json();
      expect(all.total).toBeGreaterThan(3);
      const ids = all.items.map((e: { id: number }) => e.id);
      expect(ids).toEqual([...ids].sort((x: number, y: number) => y - x));

      const cash = (await get(token, '/player/transactions?type=3,4')).json();
      expect(cash.items.length).toBeGreaterThan(0);
      expect(cash.items.every((e: { type: number }) => e.type === 3 || e.type === 4)).toBe(true);

      const page2 = (await get(token, '/player/transactions?pageSize=2&page=2')).json();
      expect(page2.items.map((e: { id: number }) => e.id)).toEqual(ids.slice(2, 4));

      const future = (await get(token, '/player/transactions?from=2999-01-01')).json();
      expect(future.total).toBe(0);
      const today = new Date().toISOString().slice(0, 10);
      const thisDay = (await get(token, `/player/transactions?from=${today}&to=${today}`)).json();
      expect(thisDay.total).toBe(all.total);

      for (const q of ['type=7', 'type=x', 'from=yesterday', 'from=2026-02-30', 'page=0']) {
        const res = await get(token, `/player/transactions?${q}`);
        expect(res.statusCode, q).toBe(400);
        expect(res.json().code).toBe(40000);
      }
      const backwards = await get(token, '/player/transactions?from=2026-05-02&to=2026-05-01');
      expect(backwards.json().code).toBe(40000);
    });
  });

  describe('notice socket', () => {
    function connect(auth: Record<string, unknown>): Socket {
      const s = io(`${baseUrl}/notice`, {
        auth,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(s);
      return s;
    }
    const connected = (s: Socket) =>
      new Promise<void>((resolve, reject) => {
        s.on('connect', () => resolve());
        s.on('connect_error', reject);
      });

    it('pushes every committed balance change to every tab of the player', async () => {
      const token = await tokenFor(server, 'demo');
      const { id } = await playerRow(server, 'demo');
      const tabs = [connect({ token }), connect({ token })];
      await Promise.all(tabs.map(connected));
      const acks = await Promise.all(tabs.map((s) => s.timeout(5000).emitWithAck('init', { id })));
      for (const ack of acks) {
        expect(ack).toMatchObject({ code: 20000, balance: { balance: await balanceOf('demo') } });
      }
      const heard = tabs.map(
        (s) =>
          new Promise<{ balance: number; seq: number }>((resolve) => s.once('balance', resolve)),
      );
      const res = await staffMove('deposit', {
        username: 'demo',
        amount: 123,
        idempotencyKey: 'notice-deposit-1',
      });
      for (const event of await Promise.all(heard)) {
        expect(event).toEqual({ balance: res.json().balance, seq: res.json().entryId });
      }
      // A tab that comes now starts from the same balance and seq (the last entry's id), so it
      // orders later pushes after it. The seq was once read by a subquery that compared the
      // entries' own columns and answered another entry's id.
      const late = connect({ token });
      await connected(late);
      expect(await late.timeout(5000).emitWithAck('init', { id })).toMatchObject({
        code: 20000,
        balance: { balance: res.json().balance, seq: res.json().entryId },
      });
    });

    it('refuses a bad token, a stranger id and junk', async () => {
      const bad = connect({ token: 'nope' });
      await expect(connected(bad)).rejects.toThrow();
      const none = connect({});
      await expect(connected(none)).rejects.toThrow();

      const token = await tokenFor(server, 'demo');
      const s = connect({ token });
      await connected(s);
      const { id } = await playerRow(server, 'demo2');
      expect((await s.timeout(5000).emitWithAck('init', { id })).code).toBe(40300);
      expect((await s.timeout(5000).emitWithAck('init', 'junk')).code).toBe(40000);
      expect((await s.timeout(5000).emitWithAck('init', { id: -1 })).code).toBe(40000);
    });

    it('drops the socket when its token is revoked by logout', async () => {
      const token = await tokenFor(server, 'demo');
      const s = connect({ token });
      await connected(s);
      const dropped = new Promise<void>((resolve) => s.on('disconnect', () => resolve()));
      const out = await server.app.inject({
        method: 'POST',
        url: '/player/logout',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(out.statusCode).toBe(200);
      await dropped;
    });
  });
});
