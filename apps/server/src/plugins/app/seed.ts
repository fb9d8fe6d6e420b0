// Data every start needs: the floor file's revision loaded, the demo accounts where wanted (the
// embedded database by default, or SEED_DEMO), and plain PINs of an older database hashed.
import fp from 'fastify-plugin';
import { demoWanted, type Seeded, seedIfEmpty } from '../../db/seed';
import { hashPlainPins } from '../../modules/player/pin';
import { Ledger } from '../../modules/wallet/ledger';

declare module 'fastify' {
  interface FastifyInstance {
    /** what this start seeded, for the start-up banner */
    seeded: Seeded & { demoWanted: boolean };
  }
}

export default fp(
  async (app) => {
    const { db } = app.database;
    const demo = demoWanted(app.config);
    // Opening balances go through a ledger like every other cent.
    const seeded = await seedIfEmpty(db, new Ledger(db), app.floorFile, { demo });
    // A database from before PINs were hashed: its plain PINs are hashed once, here.
    await hashPlainPins(db);
    app.decorate('seeded', { ...seeded, demoWanted: demo });
  },
  { name: 'seed', dependencies: ['config', 'database'] },
);
