// The daily bonus pays on what was played (the bets of the day's games), never on money moved
// onto a machine and straight back, and never more than BONUS_DAILY_CAP a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WalletService } from '../src/modules/wallet/service';
import { type DbKind, playerRow, startTestServer, type TestServer, tokenFor } from './support';

describe.each<DbKind>(['pglite', 'postgres'])('bonus on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, {
      SEED_DEMO: 'true',
      // No game may end in a hand pay: it would keep the session from closing.
      HAND_PAY_LIMIT: String(1e12),
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  const claimBonus = async (username: string) => {
    const res = await server.app.inject({
      method: 'GET',
      url: '/player/bonus',
      headers: { authorization: `Bearer ${await tokenFor(server, username)}` },
    });
    return res.json();
  };

  /** Plays `games` games on the machine; answers the bets, once the spins are recorded. */
  async function playGames(machineId: number, games: number): Promise<number> {
    const agent = server.services.floor.agent(machineId)!;
    // The highest bet (500), so a few games make a bonus worth more than a hundredth.
    for (let i = 0; i < 6; i++) await agent.press('bet+');
    let bets = 0;
    for (let i = 0; i < games; i++) {
      const ended = new Promise<number>((resolve) => {
        const done = (e: { bet: number }) => {
          agent.off('game-ended', done);
          resolve(e.bet);
        };
        agent.on('game-ended', done);
      });
      expect(await agent.press('spin')).toBe(true);
      bets += await ended;
    }
    // The spins are written on the machine's chain of writes: this one commits after them.
    await server.services.meters.record(machineId, async () => {});
    return bets;
  }

  it('gives nothing for a transfer onto a machine and straight back with no game', async () => {
    const { id } = await playerRow(server, 'demo');
    const sessions = server.services.sessions;
    for (let round = 0; round < 3; round++) {
      const session = await sessions.open(id, 2);
      await sessions.transfer(session.id, 30_440, `bonus-farm-${round}`);
      await sessions.close(session.id, 'player');
    }
    const answer = await claimBonus('demo');
    expect(answer.code).toBe(40212);
    expect((await playerRow(server, 'demo')).balance).toBe(100_000);
  });

  it("pays BONUS_PERCENT of the day's bets, capped by BONUS_DAILY_CAP", async () => {
    const { id } = await playerRow(server, 'demo2');
    const sessions = server.services.sessions;
    const session = await sessions.open(id, 3);
    await sessions.transfer(session.id, 10_000, 'bonus-play-1');
    const bets = await playGames(3, 5);
    expect(bets).toBeGreaterThan(0);
    await sessions.close(session.id, 'player');

    // A tight cap on the same rule: 2 % of the bets would be more than 1 hundredth.
    const capped = new WalletService(server.services.database.db, server.services.ledger, {
      ...server.services.config,
      BONUS_DAILY_CAP: 1,
    });
    const expected = Math.floor((bets * server.services.config.BONUS_PERCENT) / 100);
    expect(expected).toBeGreaterThan(1);
    expect((await capped.claim(id, 'bonus')).amount).toBe(1);

    // Today's bonus is taken (past the 30 s repeat guard, still today).
    const later = new WalletService(
      server.services.database.db,
      server.services.ledger,
      server.services.config,
      () => new Date(Date.now() + 60_000),
    );
    await expect(later.claim(id, 'bonus')).rejects.toMatchObject({ code: 40213 });
  });

  it('pays the uncapped share when under the cap', async () => {
    const { id } = await playerRow(server, 'nomenu');
    const sessions = server.services.sessions;
    const session = await sessions.open(id, 4);
    await sessions.transfer(session.id, 5_000, 'bonus-play-2');
    const bets = await playGames(4, 4);
    await sessions.close(session.id, 'player');
    const expected = Math.floor((bets * server.services.config.BONUS_PERCENT) / 100);
    expect(expected).toBeLessThan(server.services.config.BONUS_DAILY_CAP);
    const answer = await claimBonus('nomenu');
    expect(answer).toMatchObject({ code: 20000, Params: { amount: expected } });
  });
});
