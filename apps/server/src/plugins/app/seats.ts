// Who sits at which machine: reservations, then the slot sessions, which ask the lobby's join
// rule (built here from the reservations, so neither needs the other first). The sessions open
// when the server stopped come back with their credits and a grace period.
import fp from 'fastify-plugin';
import { Reservations } from '../../modules/lobby/reservations';
import { lobbyJoinCheck } from '../../modules/lobby/service';
import { SessionService } from '../../modules/sessions/service';
import { type Clock, clockOf, type Timers } from '../../modules/sessions/timers';
import { WaitListGate } from '../../modules/wait-list/gate';

declare module 'fastify' {
  interface FastifyInstance {
    reservations: Reservations;
    sessions: SessionService;
    /** who may take a free machine that has a wait list (its first in line) */
    waitListGate: WaitListGate;
  }
}

export default fp<{ clock?: Timers | Clock }>(
  async (app, { clock }) => {
    const { config, settings, floor, ledger, meters } = app;
    const { db } = app.database;
    const seatClock = clock ? clockOf(clock) : undefined;
    const reservations = new Reservations(db, config.RESERVATION_SECONDS, seatClock);
    // The countdown the player's toast shows is the settings' (§9), the one the client reads.
    const countdownStart = () => settings.current().COUNTDOWN_START;
    const waitListGate = new WaitListGate();
    const lobbyCheck = lobbyJoinCheck(db, reservations, () => settings.current().WEBCAM);
    const sessions = new SessionService(db, ledger, floor, { ...config, countdownStart }, meters, {
      log: app.log,
      joinCheck: async (playerId, machineId) => {
        const held = await lobbyCheck(playerId, machineId);
        // A reservation of the player's own stands: a queue formed behind it waits for it.
        if (held?.playerId !== playerId) waitListGate.check(playerId, machineId);
        return held;
      },
      // Player protection's cash-in and net-loss limits, under the player's row lock.
      cashInCheck: (tx, playerId, amount, key) =>
        app.protection.checkCashIn(tx, playerId, amount, key),
      ...(seatClock ? { clock: seatClock } : {}),
    });
    app.decorate('reservations', reservations);
    app.decorate('sessions', sessions);
    app.decorate('waitListGate', waitListGate);
    // Several instances: a seat comes back on the instance its agent says hello to (cluster.ts).
    if (!app.ownership) await sessions.resume();
    app.addHook('onClose', async () => {
      await sessions.stop();
      reservations.stop();
    });
  },
  {
    name: 'seats',
    dependencies: ['config', 'database', 'floor', 'wallet', 'protection', 'cluster'],
  },
);
