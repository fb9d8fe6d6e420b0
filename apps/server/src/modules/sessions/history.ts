// Reading the player's slot sessions and their games (GLI-19 §4.14.1 game recall).

import type { MachineStatus } from '@reelcast/protocol/http';
import type {
  GameRecallAnswer,
  OpenSlotSession,
  ReconnectStatus,
  SlotSessionSummary,
  SlotSessionsAnswer,
} from '@reelcast/protocol/sessions';
import type { Db } from '../../db/client';
import { notFound } from '../../errors';
import { type SessionRow, sessionsRepository } from './repository';
import type { SessionService } from './service';

function summary(row: SessionRow): SlotSessionSummary {
  return {
    id: row.id,
    machineId: row.machineId,
    machineName: row.machineName,
    brand: row.brandName,
    status: row.status === 'open' ? 'open' : 'closed',
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    cashIn: row.cashIn,
    cashOut: row.cashOut,
    gamesPlayed: row.gamesPlayed,
    totalBet: row.totalBet,
    totalWon: row.totalWon,
    result: row.cashOut - row.cashIn,
    closeReason: row.closeReason,
  };
}

/**
 * Several instances (issue #19): the seats of machines owned elsewhere are not in this instance's
 * memory; their open sessions are read from the database, with the status their owner published.
 */
export interface SeatsElsewhere {
  owns(machineId: number): boolean;
  statuses(): Promise<Map<number, MachineStatus>>;
}

/** The reconnect dialog's word for a machine owned elsewhere, from its published lobby status. */
function reconnectStatusOf(status: MachineStatus | undefined): ReconnectStatus {
  if (status === undefined) return 'offline';
  if (status === 'playing' || status === 'waiting') return status;
  return status === 'not_available' ? 'error' : 'unknown';
}

export class SlotSessionHistory {
  constructor(
    private readonly db: Db,
    private readonly sessions: SessionService,
    private readonly elsewhere: SeatsElsewhere | null = null,
  ) {}

  async list(playerId: number, page: number, pageSize: number): Promise<SlotSessionsAnswer> {
    const { items, total } = await sessionsRepository.pageForPlayer(
      this.db,
      playerId,
      pageSize,
      (page - 1) * pageSize,
    );
    return { items: items.map(summary), total, page, pageSize };
  }

  async recall(
    playerId: number,
    sessionId: number,
    page: number,
    pageSize: number,
  ): Promise<GameRecallAnswer> {
    // Another player's session answers like a missing one, with the same work, so session ids
    // cannot be probed.
    const row = await sessionsRepository.byId(this.db, sessionId, playerId);
    if (!row) throw notFound('session');
    const { items, total } = await sessionsRepository.spins(
      this.db,
      sessionId,
      pageSize,
      (page - 1) * pageSize,
    );
    return {
      session: summary(row),
      items: items.map((s) => ({
        id: s.id,
        playedAt: s.playedAt.toISOString(),
        bet: s.bet,
        win: s.win,
        creditsBefore: s.creditsBefore,
        creditsAfter: s.creditsAfter,
        stops: s.stops,
        grid: s.grid,
        handPay: s.handPay,
      })),
      total,
      page,
      pageSize,
    };
  }

  async open(playerId: number): Promise<OpenSlotSession[]> {
    const out: OpenSlotSession[] = [];
    for (const { session, credits } of this.sessions.openSessionsOf(playerId)) {
      const row = await sessionsRepository.byId(this.db, session.id);
      out.push({
        id: session.id,
        machineId: session.machineId,
        machineName: row?.machineName ?? `#${session.machineId}`,
        machineStatus: this.sessions.reconnectStatusOf(session.machineId),
        credits,
        openedAt: session.openedAt.toISOString(),
      });
    }
    return this.elsewhere ? [...out, ...(await this.openElsewhere(playerId, out))] : out;
  }

  /** The player's open sessions on machines another instance owns, as their rows have them. */
  private async openElsewhere(playerId: number, here: OpenSlotSession[]) {
    const elsewhere = this.elsewhere!;
    const rows = (await sessionsRepository.openOfPlayer(this.db, playerId)).filter(
      (row) => !here.some((s) => s.id === row.id) && !elsewhere.owns(row.machineId),
    );
    if (rows.length === 0) return [];
    const published = await elsewhere.statuses();
    return rows.map(
      (row): OpenSlotSession => ({
        id: row.id,
        machineId: row.machineId,
        machineName: this.sessions.machineNames.of(row.machineId),
        machineStatus: reconnectStatusOf(published.get(row.machineId)),
        credits: row.credits,
        openedAt: row.openedAt.toISOString(),
      }),
    );
  }
}
