// Progressive jackpots per brand, as a mystery progressive: every game on one of the brand's
// machines adds JACKPOT_CONTRIBUTION of its bet to each level; at each reset a hidden hit point is
// drawn (node:crypto) between the seed and the must-hit-by value, and the game whose contribution
// carries the level to it wins. The win goes to the seated player's wallet through the ledger
// (type 6 JACKPOT, keyed by the level's hit number, so it lands once) in the same transaction
// that resets the level, so a failure pays nothing and resets nothing: the next game hits.
import { randomInt } from 'node:crypto';
import { LobbyNoticeEvent } from '@reelcast/protocol/lobby';
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Db } from '../../db/client';
import type { jackpots } from '../../db/schema';
import type { Floor } from '../floor/floor';
import type { NoticeHub } from '../notice/hub';
import { sessionsRepository } from '../sessions/repository';
import type { Ledger } from '../wallet/ledger';
import type { LedgerEntry } from '../wallet/repository';
import { type JackpotRow, jackpotRepository } from './jackpot-repository';
import type { LobbyUpdates } from './lobby-updates';
import { lobbyRepository } from './repository';

/** Values are kept in millionths of a hundredth so a small bet still adds its share. */
export const MICROS = 1_000_000;

/** The levels every demo brand starts with (hundredths). */
export const defaultLevels = [
  { name: 'Grand', seedCents: 100_000, mustHitByCents: 200_000 },
  { name: 'Major', seedCents: 20_000, mustHitByCents: 40_000 },
  { name: 'Mini', seedCents: 2_000, mustHitByCents: 4_000 },
] as const;

/** Draws a hit point in (seed, mustHitBy]: the level pays by must-hit-by at the latest. */
export type HitPointDraw = (seedCents: number, mustHitByCents: number) => number;
export const drawHitPoint: HitPointDraw = (seed, mustHitBy) =>
  seed + randomInt(1, Math.max(2, mustHitBy - seed + 1));

/** A new level row at its seed, with its first hidden hit point. */
export function newLevel(
  brandId: number,
  level: { name: string; seedCents: number; mustHitByCents: number },
  draw: HitPointDraw = drawHitPoint,
): typeof jackpots.$inferInsert {
  return {
    brandId,
    name: level.name,
    seedCents: level.seedCents,
    mustHitByCents: level.mustHitByCents,
    valueMicros: level.seedCents * MICROS,
    hitAtCents: draw(level.seedCents, level.mustHitByCents),
  };
}

export const valueCents = (row: Pick<JackpotRow, 'valueMicros'>) =>
  Math.floor(row.valueMicros / MICROS);

/** §3 Brand.jackpot: the levels' values in hundredths, comma-separated, highest first. */
export const jackpotString = (rows: JackpotRow[]) => rows.map(valueCents).join(',');

export interface JackpotHit {
  level: JackpotRow;
  playerId: number;
  machineId: number;
  amount: number;
  entry: LedgerEntry;
}

export class JackpotService {
  /** the latest game's work, for tests and shutdown to wait on */
  private pending: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly notice: Pick<NoticeHub, 'toPlayer'>,
    /** where the lobbies learn of grown values (lobby-updates.ts: at most once a second) */
    private readonly updates: Pick<LobbyUpdates, 'jackpotsGrew'>,
    private readonly contribution: number,
    floor: Floor,
    private readonly draw: HitPointDraw = drawHitPoint,
  ) {
    for (const agent of floor.all()) {
      agent.on('game-started', ({ bet }) => {
        // A failed contribution must not disturb the game; the value simply did not grow.
        const work = this.onGame(agent.machineId, bet).then(
          () => {},
          () => {},
        );
        // Chained, not gathered: a settled link keeps nothing of the games before it.
        this.pending = this.pending.then(() => work);
      });
    }
  }

  /** Each brand's jackpot string (brands without levels are absent). */
  async byBrand(): Promise<Map<number, string>> {
    const rows = await jackpotRepository.all(this.db);
    const grouped = new Map<number, JackpotRow[]>();
    for (const row of rows) grouped.set(row.brandId, [...(grouped.get(row.brandId) ?? []), row]);
    return new Map([...grouped].map(([brandId, levels]) => [brandId, jackpotString(levels)]));
  }

  /**
   * A game of `bet` hundredths started on the machine: grow its brand's levels, pay a hit. Every
   * game of a brand writes the same rows: the levels it does not take to their hit point grow in
   * one statement (issue #16: a transaction holding them over several round trips made every
   * game of the brand wait in line, each holding a database connection, until requests found
   * none free); only a level that hits, and the player's payment, take the locking transaction.
   */
  async onGame(machineId: number, bet: number): Promise<JackpotHit[]> {
    const add = Math.round(bet * this.contribution * MICROS);
    if (add <= 0) return [];
    const grown = await jackpotRepository.growShort(this.db, machineId, add, MICROS);
    if (grown.length > 0 && grown.length === grown[0]!.levels) {
      this.updates.jackpotsGrew(grown[0]!.brandId);
      return [];
    }
    const done = new Set(grown.map((level) => level.id));
    const { brandId, hits } = await this.db.transaction(async (tx) => {
      const levels = (await jackpotRepository.lockForMachine(tx, machineId)).filter(
        (level) => !done.has(level.id),
      );
      if (levels.length === 0) return { brandId: null, hits: [] };
      // The winner is the player seated at the machine; with nobody seated (a game left running
      // after a restart) the level keeps growing and the next seated game hits.
      const session = await sessionsRepository.openForMachine(tx, machineId);
      const hits: JackpotHit[] = [];
      for (const level of levels) {
        const value = level.valueMicros + add;
        const amount = Math.floor(value / MICROS);
        if (!session || amount < level.hitAtCents) {
          await jackpotRepository.grow(tx, level.id, add);
          continue;
        }
        const { entry } = await this.ledger.postIn(tx, {
          playerId: session.playerId,
          type: TransactionType.jackpot,
          amount,
          idempotencyKey: `jackpot:${level.id}:${level.hits + 1}`,
          source: `jackpot:${level.name}`,
          sessionId: session.id,
          machineId,
        });
        // What is under a hundredth stays in the pool.
        const carried = level.seedCents * MICROS + (value % MICROS);
        await jackpotRepository.reset(
          tx,
          level.id,
          carried,
          this.draw(level.seedCents, level.mustHitByCents),
        );
        hits.push({ level, playerId: session.playerId, machineId, amount, entry });
      }
      return { brandId: levels[0]!.brandId, hits };
    });
    const grew = brandId ?? grown[0]?.brandId ?? null;
    if (grew !== null) this.updates.jackpotsGrew(grew);
    for (const hit of hits) {
      this.ledger.committed(hit.entry);
      await this.announce(hit);
    }
    return hits;
  }

  /** Resolves once the work of every game so far is done. */
  settled(): Promise<void> {
    return this.pending;
  }

  private async announce(hit: JackpotHit): Promise<void> {
    const machine = await lobbyRepository.machine(this.db, hit.machineId);
    this.notice.toPlayer(hit.playerId, LobbyNoticeEvent.jackpotWon, {
      brandId: hit.level.brandId,
      brandName: machine?.brandName ?? '',
      machineId: hit.machineId,
      machineName: machine?.name ?? `#${hit.machineId}`,
      level: hit.level.name,
      amount: hit.amount,
      balance: hit.entry.balanceAfter,
    });
  }
}
