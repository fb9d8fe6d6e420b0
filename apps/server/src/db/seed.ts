// Demo data for the first start: two players with money, a staff account, three brands, eight
// machines. The opening balances are Deposits in the ledger, so the entries always sum to the
// balance. Every seeded account starts with the default PIN 1234 (shown on the profile page).
import { TransactionType } from '@reelcast/protocol/transactions';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import { defaultLevels, newLevel } from '../modules/lobby/jackpots';
import type { Ledger } from '../modules/wallet/ledger';
import type { Db } from './client';
import { brands, jackpots, machines, players } from './schema';

export const DEFAULT_PIN = '1234';

export const demoPlayers: Array<{
  username: string;
  password: string;
  name: string;
  lastname: string;
  role: 'admin' | 'staff' | 'user';
  balance: number;
}> = [
  {
    username: 'demo',
    password: 'demo1234',
    name: 'Demo',
    lastname: 'Player',
    role: 'user',
    balance: 100_000,
  },
  {
    username: 'demo2',
    password: 'demo1234',
    name: 'Deniz',
    lastname: 'Yılmaz',
    role: 'user',
    balance: 50_000,
  },
  {
    username: 'staff',
    password: 'staff1234',
    name: 'Floor',
    lastname: 'Staff',
    role: 'staff',
    balance: 0,
  },
];

const demoBrands = ['Aristocrat', 'Novomatic', 'IGT'];
const demoMachines: Array<{ name: string; brand: string }> = [
  { name: 'Golden Sevens', brand: 'Aristocrat' },
  { name: 'Lucky Cherries', brand: 'Aristocrat' },
  { name: 'Bar Royale', brand: 'Aristocrat' },
  { name: 'Book of Bells', brand: 'Novomatic' },
  { name: 'Lemon Rush', brand: 'Novomatic' },
  { name: 'Triple Diamond', brand: 'IGT' },
  { name: 'Wild Sevens', brand: 'IGT' },
  { name: 'Cleopatra Classic', brand: 'IGT' },
];

/** Seeds when the database has no players; answers whether it did. */
export async function seedIfEmpty(db: Db, ledger: Ledger): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(players)) as [
    { count: number },
  ];
  if (count > 0) return false;
  for (const p of demoPlayers) {
    const [row] = await db
      .insert(players)
      .values({
        username: p.username,
        email: `${p.username}@reelcast.test`,
        passwordHash: await hashPassword(p.password),
        name: p.name,
        lastname: p.lastname,
        role: p.role,
        pin: DEFAULT_PIN,
      })
      .returning();
    if (p.balance === 0) continue;
    await ledger.post({
      playerId: row!.id,
      type: TransactionType.deposit,
      amount: p.balance,
      idempotencyKey: `seed:${p.username}`,
      source: 'seed',
      operator: 'seed',
    });
  }
  const brandIds = new Map<string, number>();
  for (const name of demoBrands) {
    const [row] = await db
      .insert(brands)
      .values({ name, image: `/images/brands/${name.toLowerCase()}.svg` })
      .returning();
    brandIds.set(name, row!.id);
    // Every demo brand runs the same three progressive levels, each at its seed.
    for (const level of defaultLevels) await db.insert(jackpots).values(newLevel(row!.id, level));
  }
  for (const m of demoMachines) {
    const slug = m.name.toLowerCase().replace(/\s+/g, '-');
    await db.insert(machines).values({
      name: m.name,
      brandId: brandIds.get(m.brand)!,
      image: `/images/machines/${slug}.svg`,
      game: 'classic',
    });
  }
  return true;
}
