// What the tests of machine agents share: the real agent process (apps/agent) started against a
// test server, a player's /machine socket, and the machine's meters against the ledger.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { meterRepository } from '../src/modules/floor/meter-store';
import type { TestServer } from './support';

const root = path.resolve(import.meta.dirname, '../../..');

/** A new NVRAM directory for an agent of the test (kept across its restarts). */
export const nvramDir = () =>
  path.join(mkdtempSync(path.join(tmpdir(), 'reelcast-nvram-')), 'nvram');

export interface AgentProcessOptions {
  url: string;
  agentId: string;
  secret: string;
  /** "machineId:game,…" */
  cabinets: string;
  nvram: string;
  env?: Record<string, string>;
}

/** apps/agent in its own process, as a venue runs it. */
export function startAgentProcess(o: AgentProcessOptions): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/agent/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      REELCAST_URL: o.url,
      AGENT_ID: o.agentId,
      AGENT_SECRET: o.secret,
      AGENT_CABINETS: o.cabinets,
      AGENT_NVRAM: o.nvram,
      ...o.env,
    },
    stdio: 'ignore',
  });
}

/** A socket of the server's namespace at `url` (…/machine, …/agent), closed by the caller. */
export function socketTo(url: string, auth?: object): Socket {
  return io(url, {
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(auth ? { auth } : {}),
  });
}

// biome-ignore lint/suspicious/noExplicitAny: acknowledgements are loosely typed JSON
export const request = (s: Socket, event: string, payload: unknown = {}): Promise<any> =>
  s.timeout(15_000).emitWithAck(event, payload);

/**
 * The machine's meters against the ledger: Σ Cash In − Σ Cash Out − Σ Hand Pay in the ledger and
 * coin in − coin out − hand paid + credits on the cabinet.
 */
export async function reconciled(
  server: TestServer,
  machineId: number,
): Promise<{ ledger: number; meters: number }> {
  const l = await meterRepository.ledgerTotals(server.services.database.db, machineId);
  const m = server.services.floor.agent(machineId)!.meters();
  return {
    ledger: l.cashIn - l.cashOut - l.handPay,
    meters: m.coinIn - m.coinOut - m.handPaid + m.currentCredits,
  };
}
