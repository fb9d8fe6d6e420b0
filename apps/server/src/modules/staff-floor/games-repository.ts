// SQL of a machine's recent games for the back office: every game played on it, newest first,
// with its slot session and player, enough to redraw it (game recall, GLI-19 §4.14.1).
import type { MachineGame } from '@reelcast/protocol/console-floor';
import { count, desc, eq } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { players, slotSessions, slotSpins } from '../../db/schema';

export const machineGamesRepository = {
  async page(
    tx: Runner,
    machineId: number,
    limit: number,
    offset: number,
  ): Promise<{ items: MachineGame[]; total: number }> {
    const onMachine = eq(slotSessions.machineId, machineId);
    const [rows, [counted]] = await Promise.all([
      tx
        .select({ spin: slotSpins, playerId: slotSessions.playerId, username: players.username })
        .from(slotSpins)
        .innerJoin(slotSessions, eq(slotSessions.id, slotSpins.sessionId))
        .innerJoin(players, eq(players.id, slotSessions.playerId))
        .where(onMachine)
        .orderBy(desc(slotSpins.id))
        .limit(limit)
        .offset(offset),
      tx
        .select({ total: count() })
        .from(slotSpins)
        .innerJoin(slotSessions, eq(slotSessions.id, slotSpins.sessionId))
        .where(onMachine),
    ]);
    return {
      items: rows.map(({ spin, playerId, username }) => ({
        id: spin.id,
        playedAt: spin.playedAt.toISOString(),
        bet: spin.bet,
        win: spin.win,
        creditsBefore: spin.creditsBefore,
        creditsAfter: spin.creditsAfter,
        stops: spin.stops,
        grid: spin.grid,
        handPay: spin.handPay,
        sessionId: spin.sessionId,
        playerId,
        username,
      })),
      total: counted?.total ?? 0,
    };
  },
};
