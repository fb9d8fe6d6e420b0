// The figures that are state, not events, read from the services when Prometheus scrapes: seats
// by stage, agents connected, and per cabinet its viewers and the frames of its video.

import { Counter, Gauge } from 'prom-client';
import type { Services } from '../../services';
import type { ReservationRow } from '../lobby/reservation-repository';
import { type SeatStage, seatStages } from '../sessions/seat';
import { type Metrics, PREFIX } from './metrics';

export type FloorGaugeDeps = Pick<
  Services,
  'floor' | 'sessions' | 'reservations' | 'machineViewers'
>;

/** Each machine's seat stage now, reservations included (read from the database). */
async function seatsByStage(deps: FloorGaugeDeps): Promise<Map<SeatStage, number>> {
  const counts = new Map<SeatStage, number>(seatStages.map((s) => [s, 0]));
  // Without the database the seats still count; a reserved machine then shows as free.
  const held = await deps.reservations.active().catch(() => new Map<number, ReservationRow>());
  for (const agent of deps.floor.all()) {
    const r = held.get(agent.machineId);
    const reservation = r ? { playerId: r.playerId, expiresAt: r.expiresAt.getTime() } : null;
    const { stage } = deps.sessions.seatOn(agent.machineId, reservation);
    counts.set(stage, (counts.get(stage) ?? 0) + 1);
  }
  return counts;
}

export function addFloorGauges(metrics: Metrics, deps: FloorGaugeDeps): void {
  const registers = [metrics.registry];
  new Gauge({
    name: `${PREFIX}seats`,
    help: 'Machines by seat stage (free, reserved, seated, grace, held, closing, closed)',
    labelNames: ['state'],
    registers,
    async collect() {
      for (const [state, n] of await seatsByStage(deps)) this.set({ state }, n);
    },
  });
  new Gauge({
    name: `${PREFIX}agents_connected`,
    help: 'Machine agents whose link is up (one per cabinet; off line is not connected)',
    registers,
    collect() {
      this.set(deps.floor.connectedAgents());
    },
  });
  new Gauge({
    name: `${PREFIX}machines`,
    help: 'Machines on the floor (enabled ones, each with its agent)',
    registers,
    collect() {
      this.set(deps.floor.size);
    },
  });
  new Gauge({
    name: `${PREFIX}video_viewers`,
    help: 'Open video peer connections, by machine',
    labelNames: ['machine'],
    registers,
    collect() {
      const viewers = deps.machineViewers.byMachine();
      // Every machine, watched or not, so a viewer leaving shows as 0 rather than a gap.
      this.reset();
      for (const a of deps.floor.all()) {
        this.set({ machine: String(a.machineId) }, viewers.get(a.machineId) ?? 0);
      }
    },
  });
  new Counter({
    name: `${PREFIX}video_frames_sent_total`,
    help: "Frames of a machine's screen handed to its video (rate: frames per second), by machine",
    labelNames: ['machine'],
    registers,
    collect() {
      // The cabinet counts; this reads its count (it only grows, as a counter must).
      this.reset();
      for (const a of deps.floor.all()) this.inc({ machine: String(a.machineId) }, a.framesSent);
    },
  });
}
