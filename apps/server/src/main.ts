// Start-up: config → database (migrate, seed) → floor → HTTP and sockets.
import { buildApp } from './app';
import { loadConfig, parseEnv } from './config';
import { PRIVATE_UMASK, secureDataDir } from './data-dir';
import { openDatabase } from './db/client';
import { readFloorFile } from './db/floor-file';
import { demoPlayers, demoWanted, seedIfEmpty } from './db/seed';
import { describeError } from './http/log-errors';
import { FaultScheduler } from './modules/floor/faults';
import { Floor, screensOf } from './modules/floor/floor';
import { meterRepository } from './modules/floor/meter-store';
import { lobbyRepository } from './modules/lobby/repository';
import { hashPlainPins } from './modules/player/pin';
import { Ledger } from './modules/wallet/ledger';
import { dropRootPrivileges } from './privileges';
import { createServices } from './services';

async function main(): Promise<void> {
  // Whatever the server creates (database files, the token secret) is its user's alone.
  process.umask(PRIVATE_UMASK);
  const env = parseEnv();
  const uid = dropRootPrivileges({
    uid: env.RUN_AS_UID,
    gid: env.RUN_AS_GID,
    dataDir: env.DATA_DIR,
  });
  // Checked and put right at every start (an older version left the database's files 0666).
  secureDataDir(env.DATA_DIR);
  const config = loadConfig();
  // Checked before anything starts: a bad floor file is the operator's to fix, named in full.
  const floorFile = readFloorFile(config.FLOOR_FILE);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  // Opening balances go through the ledger like every other cent. Demo accounts only where
  // wanted (the embedded database by default, or SEED_DEMO); the floor everywhere.
  const demo = demoWanted(config);
  const seeded = await seedIfEmpty(database.db, new Ledger(database.db), floorFile, { demo });
  // A database from before PINs were hashed: its plain PINs are hashed once, here.
  await hashPlainPins(database.db);
  const floorLine = seeded.floor
    ? `Floor file revision ${seeded.floor.version}: added ${seeded.floor.brands} brands and ${seeded.floor.machines} machines\n`
    : '';
  const machines = await lobbyRepository.machines(database.db);
  // Each cabinet carries on from its meters, as a real one would from its NVRAM.
  const meters = await meterRepository.all(database.db);
  // Each machine's screen shows its own name in its own look, from the floor file by name.
  const screens = screensOf(floorFile);
  const floor = new Floor(
    machines
      .filter((m) => m.enabled)
      .map((m) => ({
        id: m.id,
        game: m.game,
        title: m.name,
        ...screens.get(m.name),
        meters: meters.get(m.id),
      })),
    config.FLOOR_FPS,
    { frameStamp: config.VIDEO_FRAME_STAMP, handPayLimit: config.HAND_PAY_LIMIT },
  );
  const faults = new FaultScheduler(floor, {
    ratePerHour: config.FAULT_RATE_PER_HOUR,
    clearSeconds: config.FAULT_CLEAR_SECONDS,
  });
  faults.start();
  const services = createServices(config, database, floor);
  await services.sessions.resume();
  const { app } = await buildApp(services);

  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    services.sessions.stop();
    faults.stop();
    floor.stop();
    await app.close();
    // After the sockets close (no more play), before the database does.
    await services.meters.flush();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}/`;
  // The published logins only where the demo accounts are and are wanted.
  const loginsLine =
    demo && seeded.demoPresent
      ? `Demo logins: ${demoPlayers.map((p) => `${p.username} / ${p.password}`).join(', ')}\n`
      : '';
  process.stdout.write(
    `\nReelcast is running at ${url}\nDatabase: ${database.kind}${seeded.players ? ' (demo data seeded)' : ''}, running as uid ${uid}\n${floorLine}${loginsLine}\n`,
  );
  if (!demo && seeded.demoPresent) {
    // Seeded by an earlier version or an earlier SEED_DEMO=true: accounts anyone can sign in to.
    process.stderr.write(
      'Warning: this database holds the demo accounts (staff / staff1234 and others, @reelcast.test); remove them or change their passwords.\n',
    );
  }
}

main().catch((err) => {
  // describeError: a failed query's message would print its SQL and parameters (seeded hashes).
  process.stderr.write(`Reelcast failed to start: ${describeError(err)}\n`);
  process.exit(1);
});
