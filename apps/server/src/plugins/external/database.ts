// The database: PGlite under DATA_DIR, or PostgreSQL at DATABASE_URL, migrated on open. First
// opened and last closed, so everything else can still write while it shuts down.
import fp from 'fastify-plugin';
import { type Database, openDatabase } from '../../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Where the data lives; none: the configured place (DATABASE_URL, else PGlite in DATA_DIR). */
export type Storage = { databaseUrl?: string; dataDir?: string };

export default fp<{ storage?: Storage }>(
  async (app, { storage }) => {
    const database = await openDatabase(
      storage ?? { databaseUrl: app.config.DATABASE_URL, dataDir: app.config.DATA_DIR },
    );
    app.decorate('database', database);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database', dependencies: ['config'] },
);
