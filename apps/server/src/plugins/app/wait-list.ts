// The wait lists of busy machines (issue #18): rows beside the lobby's reservations (the ready
// prompt's hold is one), with places pushed on /notice and presence followed there too. Several
// instances share the rows; each tells the others when a machine's list changed, so their gates
// and the prompts' timers follow it.
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

/** The event by which an instance tells the others a machine's wait list changed. */
const CHANGED_ELSEWHERE = 'wait-list:changed';

export default fp(
  async (app) => {
    const { config, floor, sessions, reservations, lobby, notice, waitListGate, io, tokens } = app;
    const log = (err: unknown, msg: string) => app.log.error({ err }, msg);
    const waitList = new WaitList({
      db: app.database.db,
      gate: waitListGate,
      clock: sessions.clock,
      readySeconds: config.WAIT_LIST_READY_SECONDS,
      hasMachine: (machineId) => floor.agent(machineId) !== undefined,
      seatedPlayer: (machineId) => sessions.sessionOnMachine(machineId)?.playerId ?? null,
      statusOf: (machineId) => lobby.statusOf(machineId),
      reservations,
      inMachineQueue: (machineId, fn) => sessions.queue.run(machineId, fn),
      push: (playerId, place) => notice.toPlayer(playerId, WAIT_LIST_NOTICE_EVENT, place),
      // Through the socket adapter's NOTIFY, as the pushes go (CLUSTER only: one has no others).
      ...(config.CLUSTER
        ? { tellOthers: (machineId: number) => io.serverSideEmit(CHANGED_ELSEWHERE, machineId) }
        : {}),
      log,
    });
    if (config.CLUSTER) {
      io.on(CHANGED_ELSEWHERE, (machineId: unknown) => {
        if (typeof machineId === 'number') waitList.changedElsewhere(machineId);
      });
    }
    const seatChanged = (machineId: number) => waitList.seatChanged(machineId);
    sessions.on('status', seatChanged);
    reservations.on('changed', seatChanged);
    followWaitListPresence(
      io.of(NOTICE_NAMESPACE),
      tokens,
      waitList,
      sessions.clock,
      config.WAIT_LIST_AWAY_SECONDS,
      log,
    );
    app.decorate('waitList', waitList);
    app.addHook('onClose', async () => waitList.stop());
    // After presence listens: everyone found in a list has their away timer armed too.
    await waitList.resume();
  },
  { name: 'wait-list', dependencies: ['sockets', 'notice', 'seats', 'lobby', 'accounts'] },
);
