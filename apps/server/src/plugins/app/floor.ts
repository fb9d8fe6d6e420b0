// The machine floor: one simulated cabinet per enabled machine, each carrying on from its saved
// meters (as a real one from its NVRAM) and showing its own name in its own look; the meters'
// mirror in the database; random faults; and the machines whose video staff marked broken.
import fp from 'fastify-plugin';
import { FaultScheduler } from '../../modules/floor/faults';
import { Floor, screensOf } from '../../modules/floor/floor';
import { MeterStore, meterRepository } from '../../modules/floor/meter-store';
import { MachineViewers } from '../../modules/gateway/machine-viewers';
import { VideoFaults } from '../../modules/gateway/video-faults';
import { lobbyRepository } from '../../modules/lobby/repository';

declare module 'fastify' {
  interface FastifyInstance {
    floor: Floor;
    /** the machines' SAS meters, mirrored to the database */
    meters: MeterStore;
    /** random door, tilt and off-line faults on the simulated floor (FAULT_RATE_PER_HOUR) */
    faults: FaultScheduler;
    /** machines whose video staff have marked broken (70000 on every start) */
    videoFaults: VideoFaults;
    /** the /machine sockets, for counting each machine's viewers (metrics) */
    machineViewers: MachineViewers;
  }
}

export default fp(
  async (app) => {
    const { config } = app;
    const { db } = app.database;
    const machines = await lobbyRepository.machines(db);
    const saved = await meterRepository.all(db);
    const screens = screensOf(app.floorFile);
    const floor = new Floor(
      machines
        .filter((m) => m.enabled)
        .map((m) => ({
          id: m.id,
          game: m.game,
          title: m.name,
          ...screens.get(m.name),
          meters: saved.get(m.id),
          agentId: m.agentId,
        })),
      // §9 FPS of the settings in force, never above what this box may draw (FLOOR_FPS).
      () => Math.min(app.settings.current().FPS, config.FLOOR_FPS),
      { frameStamp: config.VIDEO_FRAME_STAMP, handPayLimit: config.HAND_PAY_LIMIT },
    );
    const faults = new FaultScheduler(floor, {
      ratePerHour: config.FAULT_RATE_PER_HOUR,
      clearSeconds: config.FAULT_CLEAR_SECONDS,
    });
    faults.start();
    const meters = new MeterStore(db, floor);
    app.decorate('floor', floor);
    app.decorate('meters', meters);
    app.decorate('faults', faults);
    app.decorate('videoFaults', new VideoFaults());
    app.decorate('machineViewers', new MachineViewers());
    // Play stops first; then what changed since the last write is saved, before the database
    // (registered earlier) closes.
    app.addHook('onClose', async () => {
      faults.stop();
      floor.stop();
      await meters.flush();
    });
  },
  { name: 'floor', dependencies: ['config', 'database', 'seed'] },
);
