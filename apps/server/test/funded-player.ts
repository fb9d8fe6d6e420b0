// A bare player row for the ledger's tests and benchmark (no usable password or PIN), opened
// with a deposit through the ledger so its entries sum to its balance from the start.
import { TransactionType } from '@reelcast/protocol/transactions';
import type { Db } from '../src/db/client';
import { players } from '../src/db/schema';
import type { Ledger } from '../src/modules/wallet/ledger';

/** Inserts `username` and deposits `opening` hundredths (none when 0); answers the player's id. */
export async function newFundedPlayer(
  db: Db,
  ledger: Ledger,
  username: string,
  opening: number,
): Promise<number> {
  const [row] = await db
    .insert(players)
    .values({
      username,
      email: `${username}@t.test`,
      passwordHash: 'x',
      name: 'N',
      lastname: 'L',
      pinHash: 'x',
    })
    .returning();
  if (opening > 0) {
    await ledger.post({
      playerId: row!.id,
      type: TransactionType.deposit,
      amount: opening,
      idempotencyKey: `open:${username}`,
    });
  }
  return row!.id;
}
