// The ledger (the only writer of balances) and the wallet's claims and operator money.
import fp from 'fastify-plugin';
import { Ledger } from '../../modules/wallet/ledger';
import { type DepositCheck, WalletService } from '../../modules/wallet/service';

declare module 'fastify' {
  interface FastifyInstance {
    ledger: Ledger;
    /** discount and bonus claims, operator money, transactions */
    wallet: WalletService;
  }
}

export default fp(
  async (app) => {
    const { db } = app.database;
    const ledger = new Ledger(db, { groupCommit: app.config.LEDGER_GROUP_COMMIT });
    app.decorate('ledger', ledger);
    // An operator's deposit is checked against the player's deposit limits (player protection).
    const depositCheck: DepositCheck = (tx, playerId, amount, key) =>
      app.protection.checkDeposit(tx, playerId, amount, key);
    app.decorate(
      'wallet',
      new WalletService(db, ledger, app.config, undefined, depositCheck, app.settings),
    );
  },
  { name: 'wallet', dependencies: ['config', 'database', 'protection'] },
);
