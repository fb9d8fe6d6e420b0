// A hello's check of the cabinet's latest money movements against the ledger. The cabinet answers
// a transfer once it is in its NVRAM; the server posts it in a transaction that commits after that
// answer, so a server killed between the two leaves a movement on the cabinet that the ledger
// never recorded. Its request id is derived from the posting's idempotency key (seat-money.ts), so
// the ledger's recent keys for the machine say which of the cabinet's movements it holds; the rest
// are undone on the cabinet (AFT reversal) before it takes money again. Movements still under way
// on this instance are left to their own answer.
import type { CabinetHello } from '@reelcast/protocol/agent';
import { TransactionType } from '@reelcast/protocol/transactions';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Runner } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import { requestOf } from '../sessions/seat-money';
import type { InDoubt } from './money-doubts';

/**
 * The ledger's Cash In and Cash Out entries of the machine looked at: the cabinet tells its last
 * 16 movements, each recorded with at most one entry, so the entries that could match them are
 * among the newest few; the rest is margin.
 */
const ENTRIES_LOOKED_AT = 200;

export async function unrecordedMoney(
  db: Runner,
  said: CabinetHello,
  moving: ReadonlySet<string>,
): Promise<InDoubt[]> {
  const open = said.money.filter((m) => !m.undone && !moving.has(m.requestId));
  if (open.length === 0) return [];
  const rows = await db
    .select({ key: ledgerEntries.idempotencyKey })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.machineId, said.machineId),
        inArray(ledgerEntries.type, [TransactionType.cashIn, TransactionType.cashOut]),
      ),
    )
    .orderBy(desc(ledgerEntries.id))
    .limit(ENTRIES_LOOKED_AT);
  const recorded = new Set(rows.map((r) => requestOf(r.key)));
  return open
    .filter((m) => !recorded.has(m.requestId))
    .map((m) => ({
      requestId: m.requestId,
      undo: m.op === 'transferIn' ? ('cancelTransferIn' as const) : ('cancelCashOut' as const),
    }));
}
