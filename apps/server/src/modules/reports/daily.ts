// The daily reconciliation (issue #21): per machine and per day, the ledger's money beside the
// games' record, and the actual RTP beside the par sheet's. For the sessions of a day,
//   Cash In − Cash Out − Hand Pay = coin in − coin out − hand-pay wins + what is still on the
// machine (credits and pending hand pays of the sessions not closed yet);
// any difference is marked. JACKPOT (progressives) is paid to the wallet, outside both sides.
import type {
  DailyReportAnswer,
  DailyReportQuery,
  DailyReportRow,
} from '@reelcast/protocol/console-reports';
import type { Db } from '../../db/client';
import { toCsv } from '../audit/csv';
import type { Floor } from '../floor/floor';
import { parFigures } from '../info/par-sheets';
import { lobbyRepository } from '../lobby/repository';
import type { SessionService } from '../sessions/service';
import { type ReportRange, reportRepository } from './repository';

const DAY_MS = 24 * 3600 * 1000;

/** The par sheet's RTP of a game, or null when it cannot be had. */
async function parRtp(game: string): Promise<number | null> {
  try {
    return (await parFigures(game)).rtp;
  } catch {
    return null;
  }
}

const rtp = (coinIn: number, won: number) => (coinIn > 0 ? won / coinIn : null);

export class DailyReport {
  constructor(
    private readonly db: Db,
    private readonly floor: Pick<Floor, 'agent'>,
    private readonly sessions: Pick<SessionService, 'sessionOnMachine'>,
  ) {}

  async rows(q: DailyReportQuery): Promise<DailyReportRow[]> {
    const range: ReportRange = {
      from: new Date(`${q.from}T00:00:00Z`),
      to: new Date(Date.parse(`${q.to}T00:00:00Z`) + DAY_MS),
      machineId: q.machineId,
    };
    const [sessions, ledger, games, machines] = await Promise.all([
      reportRepository.sessions(this.db, range),
      reportRepository.ledger(this.db, range),
      reportRepository.games(this.db, range),
      lobbyRepository.machines(this.db),
    ]);
    const key = (r: { day: string; machineId: number }) => `${r.day}/${r.machineId}`;
    const ledgerBy = new Map(ledger.map((r) => [key(r), r]));
    const gamesBy = new Map(games.map((r) => [key(r), r]));
    const machineBy = new Map(machines.map((m) => [m.id, m]));
    // Par sheets of the games the rows are about only: a first one is computed in a worker.
    const pars = new Map<string, number | null>();
    for (const s of sessions) {
      const game = machineBy.get(s.machineId)?.game;
      if (game !== undefined && !pars.has(game)) pars.set(game, await parRtp(game));
    }

    const rows = sessions.map((s) => {
      const l = ledgerBy.get(key(s));
      const g = gamesBy.get(key(s));
      const machine = machineBy.get(s.machineId);
      const row = {
        day: s.day,
        machineId: s.machineId,
        machineName: machine?.name ?? `#${s.machineId}`,
        game: machine?.game ?? '',
        sessions: s.sessions,
        openSessions: s.openSessions,
        cashIn: -Number(l?.cashIn ?? 0),
        cashOut: Number(l?.cashOut ?? 0),
        handPay: Number(l?.handPay ?? 0),
        jackpot: Number(l?.jackpot ?? 0),
        games: g?.games ?? 0,
        coinIn: Number(g?.coinIn ?? 0),
        coinOut: Number(g?.coinOut ?? 0),
        handPayWins: Number(g?.handPayWins ?? 0),
        onMachine: this.onMachine(s.machineId, s.openSessionId, Number(s.onMachine)),
      };
      const difference =
        row.cashIn -
        row.cashOut -
        row.handPay -
        (row.coinIn - row.coinOut - row.handPayWins) -
        row.onMachine;
      return {
        ...row,
        actualRtp: rtp(row.coinIn, row.coinOut + row.handPayWins),
        parRtp: pars.get(row.game) ?? null,
        difference,
        discrepancy: difference !== 0,
      };
    });
    return rows.sort((a, b) => a.day.localeCompare(b.day) || a.machineId - b.machineId);
  }

  async answer(q: DailyReportQuery): Promise<Omit<DailyReportAnswer, 'code' | 'ErrorMessage'>> {
    const rows = await this.rows(q);
    const sum = (f: (r: DailyReportRow) => number) => rows.reduce((t, r) => t + f(r), 0);
    const coinIn = sum((r) => r.coinIn);
    const coinOut = sum((r) => r.coinOut);
    const handPayWins = sum((r) => r.handPayWins);
    return {
      from: q.from,
      to: q.to,
      rows,
      totals: {
        cashIn: sum((r) => r.cashIn),
        cashOut: sum((r) => r.cashOut),
        handPay: sum((r) => r.handPay),
        jackpot: sum((r) => r.jackpot),
        games: sum((r) => r.games),
        coinIn,
        coinOut,
        handPayWins,
        difference: sum((r) => r.difference),
        actualRtp: rtp(coinIn, coinOut + handPayWins),
        discrepancies: rows.filter((r) => r.discrepancy).length,
      },
    };
  }

  async csv(q: DailyReportQuery): Promise<string> {
    const rows = await this.rows(q);
    const header = Object.keys(csvColumns) as (keyof typeof csvColumns)[];
    return toCsv(
      header,
      rows.map((r) => header.map((h) => csvColumns[h](r))),
    );
  }

  /**
   * What an open session has on its machine: live from the cabinet while it is still the one
   * seated there, else as the session last recorded it.
   */
  private onMachine(machineId: number, openSessionId: number | null, recorded: number): number {
    if (openSessionId === null) return recorded;
    if (this.sessions.sessionOnMachine(machineId)?.id !== openSessionId) return recorded;
    const agent = this.floor.agent(machineId);
    if (!agent) return recorded;
    return agent.state().credits + (agent.pendingHandPay()?.amount ?? 0);
  }
}

/** Money in the CSV as currency units with two decimals, as a spreadsheet reads them. */
const units = (cents: number) => (cents / 100).toFixed(2);
const ratio = (r: number | null) => (r === null ? '' : r.toFixed(4));

const csvColumns = {
  day: (r: DailyReportRow) => r.day,
  machine_id: (r: DailyReportRow) => r.machineId,
  machine: (r: DailyReportRow) => r.machineName,
  game: (r: DailyReportRow) => r.game,
  sessions: (r: DailyReportRow) => r.sessions,
  open_sessions: (r: DailyReportRow) => r.openSessions,
  cash_in: (r: DailyReportRow) => units(r.cashIn),
  cash_out: (r: DailyReportRow) => units(r.cashOut),
  hand_pay: (r: DailyReportRow) => units(r.handPay),
  jackpot: (r: DailyReportRow) => units(r.jackpot),
  games: (r: DailyReportRow) => r.games,
  coin_in: (r: DailyReportRow) => units(r.coinIn),
  coin_out: (r: DailyReportRow) => units(r.coinOut),
  hand_pay_wins: (r: DailyReportRow) => units(r.handPayWins),
  on_machine: (r: DailyReportRow) => units(r.onMachine),
  actual_rtp: (r: DailyReportRow) => ratio(r.actualRtp),
  par_rtp: (r: DailyReportRow) => ratio(r.parRtp),
  difference: (r: DailyReportRow) => units(r.difference),
  discrepancy: (r: DailyReportRow) => (r.discrepancy ? 'yes' : ''),
};
