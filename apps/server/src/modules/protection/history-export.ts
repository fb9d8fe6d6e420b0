// The account history export: the player's transactions and slot sessions in a range as one CSV
// table (RFC 4180), a `record` column telling the two apart. Money in units with two decimals.
import { transactionTypeNames } from '@reelcast/protocol/transactions';
import type { Runner } from '../../db/client';
import { protectionRepository as repo } from './repository';

const columns = [
  'record',
  'id',
  'time',
  'type',
  'amount',
  'balance_after',
  'source',
  'machine_id',
  'machine',
  'session_id',
  'closed_at',
  'games_played',
  'total_bet',
  'total_won',
  'cash_in',
  'cash_out',
  'close_reason',
] as const;
type Row = Partial<Record<(typeof columns)[number], string | number | null>>;

const units = (cents: number | string) => (Number(cents) / 100).toFixed(2);

/**
 * One CSV field: quoted when it holds a separator, quote or line break; text a spreadsheet would
 * take for a formula (=, +, @, tab) starts with an apostrophe instead.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export async function historyCsv(tx: Runner, playerId: number, from: Date, to: Date) {
  const [entries, sessions] = await Promise.all([
    repo.entriesBetween(tx, playerId, from, to),
    repo.sessionsBetween(tx, playerId, from, to),
  ]);
  const rows: Row[] = [
    ...entries.map((e) => ({
      record: 'transaction',
      id: e.id,
      time: e.createdAt.toISOString(),
      type: transactionTypeNames[e.type as keyof typeof transactionTypeNames] ?? String(e.type),
      amount: units(e.amount),
      balance_after: units(e.balanceAfter),
      source: e.source,
      machine_id: e.machineId,
      session_id: e.sessionId,
    })),
    ...sessions.map((s) => ({
      record: 'slot_session',
      id: s.id,
      time: s.openedAt.toISOString(),
      type: 'Slot session',
      amount: units(Number(s.cashOut) - Number(s.cashIn)),
      machine_id: s.machineId,
      machine: s.machineName,
      session_id: s.id,
      closed_at: s.closedAt ? s.closedAt.toISOString() : null,
      games_played: s.gamesPlayed,
      total_bet: units(s.totalBet),
      total_won: units(s.totalWon),
      cash_in: units(s.cashIn),
      cash_out: units(s.cashOut),
      close_reason: s.closeReason,
    })),
  ];
  const lines = [
    columns.join(','),
    ...rows.map((r) => columns.map((c) => csvField(r[c])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
