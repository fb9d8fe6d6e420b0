// What the first start puts into a database. The floor (brands and machines) from the floor file
// goes into every database. Demo data only when asked for (`demo`; the embedded database by
// default, see demoWanted): two players with money, one with an empty wallet (zero-balance
// play), one without the menu permission 145 (the can-see check) and a staff account of each role
// (issue #21: supervisor 'staff', 'cashier', 'admin', 'auditor', none with two-factor on), all
// with known passwords. The opening balances are Deposits in the ledger, so the entries always sum to
// the balance. Every seeded account starts with the default PIN 1234 (stored hashed).
import type { FloorFile } from '@reelcast/protocol/floor';
import type { StaffRole } from '@reelcast/protocol/log-types';
import { TransactionType } from '@reelcast/protocol/transactions';
import { like, sql } from 'drizzle-orm';
import { hashPassword } from '../modules/auth/passwords';
import { defaultLevels, newLevel } from '../modules/lobby/jackpots';
import { hashPin } from '../modules/player/pin';
import type { Ledger } from '../modules/wallet/ledger';
import type { Db } from './client';
import { brands, floorRevisions, jackpots, machines, players } from './schema';

export const DEFAULT_PIN = '1234';

export const demoPlayers: Array<{
  username: string;
  password: string;
  name: string;
  lastname: string;
  role: StaffRole | 'user';
  balance: number;
  /** permission ids; the column's default (145, every menu item's level) when absent */
  permissions?: number[];
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
    username: 'demo0',
    password: 'demo1234',
    name: 'Zeynep',
    lastname: 'Kaya',
    role: 'user',
    balance: 0,
  },
  {
    username: 'nomenu',
    password: 'demo1234',
    name: 'Mert',
    lastname: 'Demir',
    role: 'user',
    balance: 10_000,
    permissions: [],
  },
  {
    // The player protection e2e's (e2e/protection.spec.ts): it takes a 24 h break, so no other
    // spec may sign in as it.
    username: 'selin',
    password: 'demo1234',
    name: 'Selin',
    lastname: 'Aydın',
    role: 'user',
    balance: 10_000,
  },
  // The wallet e2e's second and third tries (e2e/wallet.spec.ts). Its discount needs a loss since
  // the player's last discount; a try whose session ends ahead leaves that window ahead, and games
  // are random, so each try plays as a player of its own.
  ...(
    [
      ['emre', 'Emre', 'Çelik'],
      ['elif', 'Elif', 'Şahin'],
    ] as const
  ).map(([username, name, lastname]) => ({
    username,
    password: 'demo1234',
    name,
    lastname,
    role: 'user' as const,
    balance: 50_000,
  })),
  {
    username: 'staff',
    password: 'staff1234',
    name: 'Floor',
    lastname: 'Staff',
    role: 'supervisor',
    balance: 0,
  },
  ...(
    [
      ['supervisor2', 'Second', 'Supervisor', 'supervisor'],
      ['cashier', 'Till', 'Cashier', 'cashier'],
      ['admin', 'Venue', 'Admin', 'admin'],
      ['auditor', 'Floor', 'Auditor', 'auditor'],
    ] as const
  ).map(([username, name, lastname, role]) => ({
    username,
    password: 'staff1234',
    name,
    lastname,
    role,
    balance: 0,
  })),
];

export interface Seeded {
  /** the demo players were created now (an empty database, demo data asked for) */
  players: boolean;
  /** the demo accounts are in the database, seeded now or at an earlier start */
  demoPresent: boolean;
  /** what the floor file added, or null when its revision was already loaded */
  floor: FloorAdded | null;
}

/**
 * Whether demo data goes into an empty database: SEED_DEMO when set, otherwise only into the
 * embedded database. A DATABASE_URL database is a real one and never gets a staff account with a
 * published password unless the operator asks.
 */
export function demoWanted(config: { SEED_DEMO?: boolean; DATABASE_URL?: string }): boolean {
  return config.SEED_DEMO ?? config.DATABASE_URL === undefined;
}

/**
 * Seeds the demo players when `demo` is asked for and the database has no players, then loads
 * the floor file if its revision is new here (whether or not demo data is wanted).
 */
export async function seedIfEmpty(
  db: Db,
  ledger: Ledger,
  floor: FloorFile,
  opts: { demo: boolean },
): Promise<Seeded> {
  const players = opts.demo ? await seedPlayers(db, ledger) : false;
  return { players, demoPresent: await demoAccountsPresent(db), floor: await loadFloor(db, floor) };
}

/** Accounts the demo seed made (its e-mail domain), whatever start made them. */
async function demoAccountsPresent(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: players.id })
    .from(players)
    .where(like(players.email, `%${demoEmailDomain}`))
    .limit(1);
  return rows.length > 0;
}

const demoEmailDomain = '@reelcast.test';

async function seedPlayers(db: Db, ledger: Ledger): Promise<boolean> {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(players)) as [
    { count: number },
  ];
  if (count > 0) return false;
  for (const p of demoPlayers) {
    const [row] = await db
      .insert(players)
      .values({
        username: p.username,
        email: `${p.username}${demoEmailDomain}`,
        passwordHash: await hashPassword(p.password),
        name: p.name,
        lastname: p.lastname,
        role: p.role,
        // Each its own salt: equal PINs must not show as equal hashes.
        pinHash: await hashPin(DEFAULT_PIN),
        ...(p.permissions ? { permissions: p.permissions } : {}),
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
  return true;
}

/**
 * Loads a floor file whose revision (`version`) is higher than every one loaded before: adds the
 * brands and machines it names that the floor does not have yet (matched by name), each new
 * brand with its progressive levels. Existing rows are never changed or removed: slot sessions,
 * spins and ledger entries point at them. Answers what it added; null for a revision already
 * loaded.
 */
export interface FloorAdded {
  version: number;
  brands: number;
  machines: number;
}

export async function loadFloor(db: Db, floor: FloorFile): Promise<FloorAdded | null> {
  return db.transaction(async (tx) => {
    // One start at a time decides: a second server on the same database waits here.
    await tx.execute(sql`lock table ${floorRevisions} in exclusive mode`);
    const [{ loaded }] = (await tx
      .select({ loaded: sql<number | null>`max(${floorRevisions.version})` })
      .from(floorRevisions)) as [{ loaded: number | null }];
    if (loaded !== null && floor.version <= loaded) return null;

    const brandIds = new Map<string, number>();
    for (const b of await tx.select({ id: brands.id, name: brands.name }).from(brands)) {
      brandIds.set(b.name, b.id);
    }
    let addedBrands = 0;
    for (const b of floor.brands) {
      if (brandIds.has(b.name)) continue;
      const [row] = await tx.insert(brands).values({ name: b.name, image: b.image }).returning();
      brandIds.set(b.name, row!.id);
      // Every brand runs the same three progressive levels, each starting at its seed.
      for (const level of defaultLevels) await tx.insert(jackpots).values(newLevel(row!.id, level));
      addedBrands++;
    }
    const machineNames = new Set(
      (await tx.select({ name: machines.name }).from(machines)).map((m) => m.name),
    );
    let addedMachines = 0;
    for (const m of floor.machines) {
      if (machineNames.has(m.name)) continue;
      await tx.insert(machines).values({
        name: m.name,
        brandId: brandIds.get(m.brand)!,
        image: m.image,
        game: m.game,
        videoType: m.videoType,
      });
      addedMachines++;
    }
    await tx.insert(floorRevisions).values({ version: floor.version });
    return { version: floor.version, brands: addedBrands, machines: addedMachines };
  });
}
