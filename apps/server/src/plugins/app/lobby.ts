// The lobby: brands with their progressive jackpots, machines with a status derived live and
// pushed on /notice, kick (over the /machine sockets) and cancel.
import fp from 'fastify-plugin';
import { machineKicker } from '../../modules/lobby/gateway';
import { JackpotService } from '../../modules/lobby/jackpots';
import { LobbyService } from '../../modules/lobby/service';

declare module 'fastify' {
  interface FastifyInstance {
    lobby: LobbyService;
  }
}

export default fp(
  async (app) => {
    const { config, settings, floor, ledger, notice, sessions, reservations, io, waitListGate } =
      app;
    const { db } = app.database;
    const jackpots = new JackpotService(db, ledger, notice, config.JACKPOT_CONTRIBUTION, floor);
    app.decorate(
      'lobby',
      new LobbyService(
        db,
        floor,
        sessions,
        ledger,
        notice,
        jackpots,
        reservations,
        machineKicker(io),
        () => settings.current().WEBCAM,
        (playerId, machineId) => waitListGate.check(playerId, machineId),
        app.ownership,
      ),
    );
  },
  { name: 'lobby', dependencies: ['sockets', 'floor', 'wallet', 'notice', 'seats'] },
);
