// The wait lists of busy machines (issue #18): in memory, beside the lobby's reservations (the
// ready prompt's hold is one), with places pushed on /notice and presence followed there too.
import { NOTICE_NAMESPACE } from '@reelcast/protocol/notice';
import { WAIT_LIST_NOTICE_EVENT } from '@reelcast/protocol/wait-list';
import fp from 'fastify-plugin';
import { followWaitListPresence } from '../../modules/wait-list/presence';
import { WaitList } from '../../modules/wait-list/wait-list';

declare module 'fastify' {
  interface FastifyInstance {
    waitList: WaitList;
  }
}

export default fp(
  async (app) => {
    const { config, floor, sessions, reservations, lobby, notice, waitListGate, io, tokens } = app;
    const waitList = new WaitList({
      gate: waitListGate,
      clock: sessions.clock,
      readySeconds: config.WAIT_LIST_READY_SECONDS,
      hasMachine: (machineId) => floor.agent(machineId) !== undefined,
      seatedPlayer: (machineId) => sessions.sessionOnMachine(machineId)?.playerId ?? null,
      statusOf: (machineId) => lobby.statusOf(machineId),
      reservations,
      inMachineQueue: (machineId, fn) => sessions.queue.run(machineId, fn),
      push: (playerId, place) => notice.toPlayer(playerId, WAIT_LIST_NOTICE_EVENT, place),
      log: (err, msg) => app.log.error({ err }, msg),
    });
    const seatChanged = (machineId: number) => waitList.seatChanged(machineId);
    sessions.on('status', seatChanged);
    reservations.on('changed', seatChanged);
    followWaitListPresence(
      io.of(NOTICE_NAMESPACE),
      tokens,
      waitList,
      sessions.clock,
      config.WAIT_LIST_AWAY_SECONDS,
    );
    app.decorate('waitList', waitList);
    app.addHook('onClose', async () => waitList.stop());
  },
  { name: 'wait-list', dependencies: ['sockets', 'notice', 'seats', 'lobby', 'accounts'] },
);
