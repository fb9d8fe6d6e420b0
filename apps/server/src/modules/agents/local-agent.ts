// The machine agent process `npm start` runs beside the server (LOCAL_AGENT): apps/agent with
// the floor's cabinets, connecting back over the agent protocol like any agent in a venue. It is
// restarted a second after an unexpected exit (its NVRAM keeps the credits) and stopped after the
// server has drained, so games in play end on it first.
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { serverRoot } from '../../paths';

export const LOCAL_AGENT_ID = 'local-floor';

export interface LocalAgent {
  id: string;
  secret: string;
  cabinets: { machineId: number; game: string }[];
  /** the floor's hand-pay limit (HAND_PAY_LIMIT), in hundredths */
  handPayLimit: number;
}

export interface LocalAgentProcess {
  readonly pid: number | undefined;
  stop(): Promise<void>;
}

export function startLocalAgent(
  agent: LocalAgent,
  opts: { serverUrl: string; dataDir: string; log: (msg: string, extra?: object) => void },
): LocalAgentProcess {
  const root = path.resolve(serverRoot, '../..');
  let child: ChildProcess;
  let stopping = false;
  const start = () => {
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
      cwd: root,
      // Its own settings only: none of the server's secrets (token secret, database URL).
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        REELCAST_URL: opts.serverUrl,
        AGENT_ID: agent.id,
        AGENT_SECRET: agent.secret,
        AGENT_CABINETS: agent.cabinets.map((c) => `${c.machineId}:${c.game}`).join(','),
        AGENT_NVRAM: path.join(opts.dataDir, `agent-${agent.id}.nvram`),
        AGENT_HAND_PAY_LIMIT: String(agent.handPayLimit),
        // It goes when the server goes, even one killed outright (no orphan agent left behind).
        AGENT_EXIT_WITH_PARENT: '1',
      },
      // Its own process group: a Ctrl-C in the terminal reaches the server only, whose drain
      // needs the agent until the games in play have ended; the server stops it after.
      detached: true,
      // Its start line and errors go to the server's own output.
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code, signal) => {
      if (stopping) return;
      opts.log('machine agent exited; restarting it', { code, signal });
      setTimeout(start, 1000).unref();
    });
  };
  start();
  return {
    get pid() {
      return child.pid;
    },
    stop: () =>
      new Promise((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
