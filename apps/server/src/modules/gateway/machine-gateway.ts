// The /machine namespace: one MachineConnection per socket, plus the broadcasts every viewer of
// a machine receives.
import {
  MACHINE_NAMESPACE,
  type MachineClientEvents,
  type MachineServerEvents,
} from '@reelcast/protocol/machine-socket';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server, Socket } from 'socket.io';
import type { Services } from '../../services';
import { routeToOwner } from '../cluster/machine-relay';
import { MachineConnection } from './machine-connection';
import { dropSocketsOnRevocation } from './revocation';
import { SeatBindings } from './seat-bindings';
import { Spectators, watchRoom } from './spectators';

/** The /machine namespace and its sockets, typed by the protocol's event maps. */
export type MachineNamespace = Namespace<MachineClientEvents, MachineServerEvents>;
export type MachineSocket = Socket<MachineClientEvents, MachineServerEvents>;

/** What the /machine sockets need of the app. */
export type MachineGatewayDeps = Pick<
  Services,
  | 'config'
  | 'settings'
  | 'floor'
  | 'tokens'
  | 'sessions'
  | 'playGuard'
  | 'ledger'
  | 'videoFaults'
  | 'media'
  | 'machineViewers'
  | 'lifecycle'
  | 'lobby'
  | 'reservations'
  | 'ownership'
>;

/** How long a join waits for a machine between owners (a dead owner's lease running out). */
const RELAY_OWNER_WAIT_MS = 10_000;

export function attachMachineGateway(
  io: Server,
  services: MachineGatewayDeps,
  log: FastifyBaseLogger,
): void {
  const nsp: MachineNamespace = io.of(MACHINE_NAMESPACE);
  const bindings = new SeatBindings();
  const spectators = new Spectators({
    max: () => services.config.SPECTATORS_PER_MACHINE,
    statusOf: (machineId) => services.lobby.statusOf(machineId),
    seatedPlayer: (machineId) => services.sessions.sessionOnMachine(machineId)?.playerId ?? null,
    tell: (machineId, notice) => nsp.to(watchRoom(machineId)).emit('spectate', notice),
  });
  const seatChanged = (machineId: number) => void spectators.seatChanged(machineId).catch(() => {});
  services.sessions.on('status', seatChanged);
  services.reservations.on('changed', seatChanged);
  const { ownership } = services;
  nsp.on('connection', (socket) => {
    // Several instances: a machine owned elsewhere is played through this socket, relayed there.
    if (ownership) {
      routeToOwner(socket, {
        ownerOf: (machineId) => ownership.ownerOf(machineId),
        waitForOwnerMs: RELAY_OWNER_WAIT_MS,
        log,
      });
    }
    new MachineConnection(socket, services, log, bindings, spectators);
  });

  for (const agent of services.floor.all()) {
    agent.on('change', (state) => nsp.to(`machine:${agent.machineId}`).emit('machine', state));
  }
  dropSocketsOnRevocation(nsp, services.tokens, (playerId) => `player:${playerId}`);
  // No balance here: it reaches the player's tabs on /notice, in ledger order (seq), and the
  // transfer's answer carries its seq, so an older balance never overwrites a newer one.
  // Warnings and removals (§3 Info) reach the player's screens on that machine.
  services.sessions.on('info', (session, info) =>
    nsp.to(`machine:${session.machineId}`).emit('info', info),
  );
  // However a session ends, its sockets hear it last and are then released: out of the
  // machine's room, no video, no input. The next player finds the cabinet's own screen.
  // §3: the machine by its name, its status as the lobby now shows it, and why the session ended.
  services.sessions.on('closed', (session, reason) => {
    nsp.to(`machine:${session.machineId}`).emit('session', {
      id: session.id,
      machineId: session.machineId,
      name: services.sessions.machineNames.of(session.machineId),
      status: 'closed',
      machine_status: services.sessions.statusOf(session.machineId, true),
      reason,
    });
    bindings.releaseAll(session.id);
    services.floor
      .agent(session.machineId)
      ?.setLayout('landscape')
      .catch(() => {
        // An agent's cabinet off line keeps its layout; the next player turns it as they like.
      });
  });
}
