// Runs the plan: operations go out in order, several at a time, one at a time per player (and for
// the staff); an operation marked with a kill has its request sent, then the server is SIGKILLed
// after the planned delay, the database checked, the server restarted and checked again.
import type { Actors } from './actors';
import type { Checkpoint } from './checks';
import type { Op } from './plan';
import type { ServerProcess } from './server';

export interface RunHooks {
  /** after a kill (server down) and after its restart (server up, quiet) */
  checkpoint(label: string, step: number, live: boolean): Promise<Checkpoint>;
  progress(step: number): void;
}

const laneOf = (op: Op) => ('player' in op ? `p${op.player}` : 'staff');

export async function runPlan(
  plan: Op[],
  actors: Actors,
  server: ServerProcess,
  width: number,
  hooks: RunHooks,
): Promise<number> {
  const lanes = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let kills = 0;
  for (const op of plan) {
    while (inFlight.size >= width) await Promise.race(inFlight);
    const lane = laneOf(op);
    const before = lanes.get(lane) ?? Promise.resolve();
    const started = before.then(() => actors.run(op));
    const done = started.catch((e) => {
      throw new Error(`step ${op.step} (${op.kind}) failed in the simulation: ${e}`);
    });
    lanes.set(lane, done);
    inFlight.add(done);
    void done.finally(() => inFlight.delete(done));
    if (op.kill) {
      // Sent (its lane was waited for first), then cut off mid-way.
      await before;
      await new Promise((r) => setTimeout(r, op.kill!.delayMs));
      await server.kill();
      kills += 1;
      await Promise.allSettled([...inFlight]);
      lanes.clear();
      actors.forgetSockets();
      await hooks.checkpoint(`kill ${kills} (mid-${op.kill.point})`, op.step, false);
      await server.start();
      await hooks.checkpoint(`restart ${kills}`, op.step, true);
      await actors.retryUnanswered();
    }
    hooks.progress(op.step);
  }
  await Promise.all([...inFlight]);
  return kills;
}
