// The floor as the back office sees it (issue #21): every machine with what the lobby shows, what
// the cabinet is doing, who sits at it, its credits and hand pay, its agent and its video. Read
// from the live services (the floor, the seats, the lobby, the agents); nothing is kept here.
import type { FloorMachine, FloorQuery } from '@reelcast/protocol/console-floor';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { players } from '../../db/schema';
import type { FloorAgent } from '../floor/agent';
import { lobbyRepository, type MachineRow } from '../lobby/repository';

export type FloorDeps = Pick<
  FastifyInstance,
  'database' | 'lobby' | 'floor' | 'sessions' | 'agents' | 'videoFaults' | 'machineViewers'
>;

type Cabinet = FloorMachine['cabinet'];

function cabinetOf(agent: FloorAgent | undefined): Cabinet {
  if (!agent || agent.status === 'offline') return 'offline';
  if (agent.status === 'fault') return 'fault';
  const status = agent.state().status;
  return status === 'spinning' || status === 'handpay' || status === 'fault' ? status : 'idle';
}

/** Which fault holds the cabinet down: the simulated cabinet tells door from tilt. */
function faultOf(agent: FloorAgent | undefined, cabinet: Cabinet): FloorMachine['fault'] {
  if (cabinet === 'offline') return 'offline';
  if (cabinet !== 'fault') return null;
  const egm = (agent as { egm?: { state: { doorOpen: boolean; tilt: string | null } } }).egm;
  if (egm?.state.doorOpen) return 'door';
  if (egm?.state.tilt !== null && egm?.state.tilt !== undefined) return 'tilt';
  return 'fault';
}

export async function floorOverview(deps: FloorDeps, q: FloorQuery): Promise<FloorMachine[]> {
  const { db } = deps.database;
  const [rows, shown] = await Promise.all([lobbyRepository.machines(db), deps.lobby.machines(0)]);
  const statusById = new Map(shown.map((m) => [m.id, m.status]));
  const seated = rows.flatMap((m) => deps.sessions.sessionOnMachine(m.id) ?? []);
  const names = await usernames(
    deps,
    seated.map((s) => s.playerId),
  );
  const viewers = deps.machineViewers.byMachine();
  const agentCabinets = new Set(deps.agents.list().flatMap((a) => a.cabinets));
  const machines = rows.map((m) => {
    const agent = deps.floor.agent(m.id);
    const cabinet = cabinetOf(agent);
    const session = deps.sessions.sessionOnMachine(m.id);
    const status = statusById.get(m.id) ?? 'not_available';
    return {
      id: m.id,
      name: m.name,
      brand: brandOf(m),
      game: m.game,
      enabled: m.enabled,
      status,
      cabinet,
      fault: faultOf(agent, cabinet),
      credits: agent?.state().credits ?? 0,
      session: session
        ? {
            id: session.id,
            playerId: session.playerId,
            username: names.get(session.playerId) ?? '',
            openedAt: session.openedAt.toISOString(),
            connected: status === 'playing',
          }
        : null,
      handPay: agent?.pendingHandPay() ?? null,
      // A machine of a remote agent is connected while its agent is; the embedded floor's
      // agents are in this process, connected unless off line.
      agentConnected: m.agentId ? agentCabinets.has(m.id) : cabinet !== 'offline',
      videoUp: agent !== undefined && cabinet !== 'offline' && !deps.videoFaults.has(m.id),
      viewers: viewers.get(m.id) ?? 0,
    } satisfies FloorMachine;
  });
  return machines.filter(
    (m) =>
      (q.brand === undefined || m.brand?.id === q.brand) &&
      (q.status === undefined || m.status === q.status || m.cabinet === q.status),
  );
}

const brandOf = (m: MachineRow) =>
  m.brandId !== null && m.brandName !== null ? { id: m.brandId, name: m.brandName } : null;

async function usernames(deps: FloorDeps, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await deps.database.db
    .select({ id: players.id, username: players.username })
    .from(players)
    .where(inArray(players.id, ids));
  return new Map(rows.map((r) => [r.id, r.username]));
}
