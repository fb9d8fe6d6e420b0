// Start-up: drop root, keep the data private, then createApp (config → database, seeded → floor
// → services → routes) and listen. SIGTERM or SIGINT drains the floor (app.drain()), then closes.
import { createApp } from './app';
import { loadConfig, parseEnv } from './config';
import { PRIVATE_UMASK, secureDataDir } from './data-dir';
import { demoPlayers } from './db/seed';
import { describeError } from './http/log-errors';
import { type LocalAgentProcess, startLocalAgent } from './modules/agents/local-agent';
import { dropRootPrivileges } from './privileges';

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
  const app = await createApp(config);

  let stopping = false;
  let agent: LocalAgentProcess | null = null;
  const shutdown = async (signal: string) => {
    if (stopping) {
      // Asked twice (a second Ctrl-C): out now. Open sessions still resume; a game in play is
      // void, as after a crash (its bet goes back at the restart).
      app.log.warn({ signal }, 'second signal: exiting without waiting for the drain');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'draining for shutdown');
    let code = 0;
    try {
      // No new seats, the games in play end, the meters are written, the sockets hear 18820.
      app.log.info(await app.drain(), 'drained');
    } catch (err) {
      app.log.error({ err }, 'drain failed');
      code = 1;
    }
    // Then sessions, the floor, the database: see app.ts.
    await app.close().catch((err) => {
      app.log.error({ err }, 'close failed');
      code = 1;
    });
    // The local agent last: the drain let the games in play on its cabinets end.
    await agent?.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // A burst of connections (every tab reconnecting after a restart; the load bench's ramp of
  // 10,000 players) overflowed Node's default accept queue of 511: the kernel logged SYN flooding
  // and ~100 /notice sockets failed. The kernel caps this at net.core.somaxconn.
  await app.listen({ port: config.PORT, host: config.HOST, backlog: 4096 });
  process.stdout.write(banner(app, config, uid));
  if (app.localAgent) {
    const { localAgent } = app;
    agent = startLocalAgent(localAgent, {
      serverUrl: `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}`,
      dataDir: config.DATA_DIR,
      log: (msg, extra) => app.log.warn(extra ?? {}, msg),
    });
    const ids = localAgent.cabinets.map((c) => c.machineId).join(', ');
    process.stdout.write(
      `Machine agent ${localAgent.id} (pid ${agent.pid}): cabinets ${ids}, on /agent\n`,
    );
  }
  const { seeded } = app;
  if (!seeded.demoWanted && seeded.demoPresent) {
    // Seeded by an earlier version or an earlier SEED_DEMO=true: accounts anyone can sign in to.
    process.stderr.write(
      'Warning: this database holds the demo accounts (staff / staff1234 and others, @reelcast.test); remove them or change their passwords.\n',
    );
  }
}

function banner(
  app: Awaited<ReturnType<typeof createApp>>,
  config: ReturnType<typeof loadConfig>,
  uid: number,
): string {
  const { seeded, database } = app;
  const url = `http://${config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST}:${config.PORT}/`;
  const floorLine = seeded.floor
    ? `Floor file revision ${seeded.floor.version}: added ${seeded.floor.brands} brands and ${seeded.floor.machines} machines\n`
    : '';
  // The published logins only where the demo accounts are and are wanted.
  const loginsLine =
    seeded.demoWanted && seeded.demoPresent
      ? `Demo logins: ${demoPlayers.map((p) => `${p.username} / ${p.password}`).join(', ')}\n`
      : '';
  return `\nReelcast is running at ${url}\nDatabase: ${database.kind}${seeded.players ? ' (demo data seeded)' : ''}, running as uid ${uid}\n${floorLine}${loginsLine}\n`;
}

main().catch((err) => {
  // describeError: a failed query's message would print its SQL and parameters (seeded hashes).
  process.stderr.write(`Reelcast failed to start: ${describeError(err)}\n`);
  process.exit(1);
});
