// `npm run cli` with no server running works on the database itself: the meters of a machine are
// those saved when the server stopped, and a cabinet never played has all-zero meters.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CliError, commands, directBackend } from '../src/cli';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { readFloorFile } from '../src/db/floor-file';
import { auditLog, players } from '../src/db/schema';
import { seedIfEmpty } from '../src/db/seed';
import { verifyPassword } from '../src/modules/auth/passwords';
import { Ledger } from '../src/modules/wallet/ledger';

describe('cli without a running server', () => {
  it('shows zero meters, reconciled, for a machine never played; refuses an unknown machine', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-cli-'));
    const database = await openDatabase({ dataDir });
    await seedIfEmpty(database.db, new Ledger(database.db), readFloorFile(), { demo: true });
    await database.close();

    const backend = await directBackend(
      loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!' }),
    );
    try {
      const shown = await commands.meters!.run(['3'], {}, backend);
      expect(shown).toContain('machine 3: coin in 0.00');
      expect(shown).toContain('reconciled');
      expect(shown).not.toContain('NOT reconciled');
      await expect(commands.meters!.run(['99'], {}, backend)).rejects.toThrow(CliError);
    } finally {
      await backend.close();
    }
  });

  it('makes a first admin on a database without demo accounts, its password printed once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reelcast-cli-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!!',
    });
    const backend = await directBackend(config);
    let printed: string;
    try {
      const args = ['venue.admin', 'admin@venue.example', 'admin', 'Venue', 'Admin'];
      printed = await commands['staff-add']!.run(args, {}, backend);
      await expect(commands['staff-add']!.run(['x'], {}, backend)).rejects.toThrow(CliError);
    } finally {
      await backend.close();
    }
    expect(printed).toContain('staff account venue.admin (admin) added');
    const password = /: (\S+)$/.exec(printed)![1]!;
    const database = await openDatabase({ dataDir });
    try {
      const [row] = await database.db
        .select()
        .from(players)
        .where(eq(players.username, 'venue.admin'));
      expect(row!.role).toBe('admin');
      expect(await verifyPassword(row!.passwordHash, password)).toBe(true);
      const [entry] = await database.db.select().from(auditLog);
      expect(entry).toMatchObject({
        actor: expect.stringMatching(/^cli:/),
        action: 'create staff account',
      });
    } finally {
      await database.close();
    }
  });
});
