// `npm run cli` with no server running works on the database itself: the meters of a machine are
// those saved when the server stopped, and a cabinet never played has all-zero meters.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError, commands, directBackend } from '../src/cli';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { readFloorFile } from '../src/db/floor-file';
import { seedIfEmpty } from '../src/db/seed';
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
});
