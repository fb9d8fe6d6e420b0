// Found by `npm run bench:load` at 10,000 players (issue #16): every game of a brand grew its
// jackpot levels in a transaction that held their rows over several round trips, so the brand's
// games waited in line, each holding a database connection, until requests found none free
// (HTTP p99 over 10 s). The levels a game does not take to their hit point now grow in one
// statement; a hit still takes the locking transaction (bench:load shows the queue gone). Here
// the two paths together keep the money exact under many games at once, on real PostgreSQL too:
// every bet counted once, the hit paid once.
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jackpots, ledgerEntries, machines } from '../src/db/schema';
import { jackpotRepository } from '../src/modules/lobby/jackpot-repository';
import { MICROS } from '../src/modules/lobby/jackpots';
import { type DbKind, playerRow, startTestServer, type TestServer } from './support';

const MACHINE = 1;
const GAMES = 40;
const BET = 100;

describe.each<DbKind>(['pglite', 'postgres'])('jackpots under many games at once on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind, { JACKPOT_CONTRIBUTION: '0.1' });
  });
  afterAll(() => server.close());

  const levels = async () => {
    const { db } = server.services.database;
    const [m] = await db.select().from(machines).where(eq(machines.id, MACHINE));
    return jackpotRepository.forBrand(db, m!.brandId!);
  };

  it('counts every bet once and pays a level that hits once, to the seated player', async () => {
    const { db } = server.services.database;
    const demo = await playerRow(server, 'demo');
    const session = await server.services.sessions.open(demo.id, MACHINE);
    const add = BET * 0.1 * MICROS;
    const before = await levels();
    const mini = before.at(-1)!;
    // The smallest level hits at the last of the forty games (a hit earlier would draw a new hit
    // point that the games after it might reach too).
    const hitAt = Math.floor((mini.valueMicros + GAMES * add) / MICROS);
    await jackpotRepository.setHitAt(db, mini.id, hitAt);
    const wallet = await server.services.ledger.balance(demo.id);

    const transactions = vi.spyOn(server.services.database.db, 'transaction');
    await Promise.all(
      Array.from({ length: GAMES }, () => server.services.lobby.jackpots.onGame(MACHINE, BET)),
    );

    // Only the game that hit took the locking transaction: the thirty-nine others held the rows
    // for one statement each, and no connection waited in line for them.
    expect(transactions).toHaveBeenCalledTimes(1);

    const after = await levels();
    for (const [i, level] of after.slice(0, -1).entries()) {
      expect(level.valueMicros - before[i]!.valueMicros).toBe(GAMES * add);
      expect(level.hits).toBe(before[i]!.hits);
    }
    const paid = await db
      .select()
      .from(ledgerEntries)
      .where(like(ledgerEntries.idempotencyKey, `jackpot:${mini.id}:%`));
    expect(paid).toHaveLength(1);
    const won = paid[0]!.amount;
    expect(won).toBeGreaterThanOrEqual(hitAt);
    expect(paid[0]).toMatchObject({ playerId: demo.id, machineId: MACHINE });
    expect(await server.services.ledger.balance(demo.id)).toBe(wallet + won);
    // Nothing lost or made: what the level held and the bets gave is what it paid and holds now.
    const [miniAfter] = await db.select().from(jackpots).where(eq(jackpots.id, mini.id));
    expect(miniAfter!.hits).toBe(mini.hits + 1);
    expect(miniAfter!.valueMicros - mini.seedCents * MICROS + won * MICROS).toBe(
      mini.valueMicros + GAMES * add,
    );
    await server.services.sessions.close(session.id, 'player');
  });
});
