// The lobby: brands with their progressive jackpots, machines with a status derived live and
// pushed on /notice, kick (over the /machine sockets) and cancel.
import fp from 'fastify-plugin';
import { machineKicker } from '../../modules/lobby/gateway';
import { JackpotService } from '../../modules/lobby/jackpots';
import { LobbyUpdates } from '../../modules/lobby/lobby-updates';
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
    // The lobbies' news reads the jackpots' values when it sends them; the jackpots tell it when
    // they grew.
    const updates: LobbyUpdates = new LobbyUpdates(notice, () => jackpots.byBrand());
    const jackpots: JackpotService = new JackpotService(
      db,
      ledger,
      notice,
      updates,
      config.JACKPOT_CONTRIBUTION,
      floor,
    );
    app.addHook('onClose', async () => updates.stop());
    app.decorate(
      'lobby',
      new LobbyService(
        db,
        floor,
        sessions,
        ledger,
        updates,
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
