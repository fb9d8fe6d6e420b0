// The agent process: `npm start -w apps/agent` with
//   REELCAST_URL   the server (default http://127.0.0.1:3000)
//   AGENT_ID, AGENT_SECRET   as `npm run cli -- agent add <id> <machines…>` printed them
//   AGENT_CABINETS   the cabinets it hosts, "machineId:game,…" (e.g. "1:sevens,2:gems5")
//   AGENT_NVRAM   its NVRAM directory, one file per cabinet (default ./data/agent-<id>.nvram); an
//                 earlier agent's single file beside it (<directory>.json) is moved in at start,
//                 and so is one AGENT_NVRAM still names (into that name without .json, or .d)
//   AGENT_HAND_PAY_LIMIT   wins at or over this many hundredths lock a cabinet for a hand pay
//   AGENT_EXIT_WITH_PARENT=1   exit when the process that started it has gone (the server's own
//                              local agent)
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { MachineAgent } from './agent';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
}

function cabinetsOf(text: string): { machineId: number; game: string }[] {
  return text.split(',').map((entry) => {
    const [id, game] = entry.split(':');
    const machineId = Number(id);
    if (!Number.isInteger(machineId) || machineId < 1 || !game) {
      throw new Error(`AGENT_CABINETS: "${entry}" is not machineId:game`);
    }
    return { machineId, game };
  });
}

const agentId = required('AGENT_ID');
const nvramSetting = process.env.AGENT_NVRAM ?? path.resolve('data', `agent-${agentId}.nvram`);
// Set up before NVRAM was a directory, the setting names the single file itself.
const namesFile = existsSync(nvramSetting) && statSync(nvramSetting).isFile();
const nvramDir = namesFile
  ? nvramSetting.endsWith('.json')
    ? nvramSetting.slice(0, -'.json'.length)
    : `${nvramSetting}.d`
  : nvramSetting;
mkdirSync(path.dirname(nvramDir), { recursive: true, mode: 0o700 });
const log = (msg: string, extra?: object) =>
  process.stderr.write(`${JSON.stringify({ msg, ...extra })}\n`);
const agent = new MachineAgent({
  serverUrl: (process.env.REELCAST_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, ''),
  agentId,
  secret: required('AGENT_SECRET'),
  nvramDir,
  legacyNvramFile: namesFile ? nvramSetting : `${nvramDir}.json`,
  cabinets: cabinetsOf(required('AGENT_CABINETS')),
  ...(process.env.AGENT_HAND_PAY_LIMIT
    ? { handPayLimit: Number(process.env.AGENT_HAND_PAY_LIMIT) }
    : {}),
  log,
  // A cabinet that cannot write its NVRAM cannot keep its word: the agent stops, and its
  // restart (or the server's interrogation) starts from what is on disk.
  onNvramFailure: (e) => {
    log('NVRAM write failed: stopping', { err: String(e) });
    process.exit(70);
  },
});
agent.hello.then((a) =>
  process.stdout.write(
    `agent ${agentId} (pid ${process.pid}) on the floor: cabinets ${a.accepted.join(', ')}${a.refused.length > 0 ? `; refused ${a.refused.join(', ')}` : ''}\n`,
  ),
);
if (process.env.AGENT_EXIT_WITH_PARENT === '1') {
  const parent = process.ppid;
  setInterval(() => {
    // Re-parented (to init, or a subreaper): the server that started it is gone.
    if (process.ppid !== parent) {
      agent.stop();
      process.exit(0);
    }
  }, 1000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    agent.stop();
    process.exit(0);
  });
}
