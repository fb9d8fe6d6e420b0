// The agent gateway's side of the machine leases (issue #19): an agent's hello takes its machines'
// leases, their seats come back here from the database, and an agent that leaves lets them go.
import type { AgentLeases } from '../agents/gateway';
import type { LobbyService } from '../lobby/service';
import type { SessionService } from '../sessions/service';
import type { MachineOwnership } from './ownership';

export function agentLeases(
  app: { sessions: SessionService; lobby: LobbyService },
  ownership: MachineOwnership,
): AgentLeases {
  return {
    claim: (machineIds, limitMs) => ownership.claim(machineIds, limitMs),
    async adopted(machineIds) {
      await app.sessions.adopt(machineIds);
      for (const id of machineIds) app.lobby.machineChanged(id);
    },
    agentGone: (machineIds) => ownership.agentGone(machineIds),
  };
}
