// Runs the plan: operations go out in order, several at a time, one at a time per player (and for
// the staff); an operation marked with a kill has its request sent, then a server is SIGKILLed
// after the planned delay, the database checked, the server restarted and checked again. With one
// server everything waits for the restart. In a cluster the others keep serving: the plan goes on
// while the killed instance restarts, and pauses only for the check once it is back.
import type { Actors } from './actors';
import type { Checkpoint } from './checks';
import type { Servers } from './cluster';
import type { Op } from './plan';
import type { ServerProcess } from './server';

export interface RunHooks {
  /** after a kill (the server down) and after its restart (every server up, quiet) */
  checkpoint(label: string, step: number, live: boolean): Promise<Checkpoint>;
  progress(step: number): void;
  /** a cluster's instance killed and back, with how long it was down (never with one server) */
  restarted?(label: string, step: number, downMs: number): void;
}

const laneOf = (op: Op) => ('player' in op ? `p${op.player}` : 'staff');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A killed instance of a cluster on its way back, and what to check once it is. */
interface Recovery {
  kill: number;
  step: number;
  back: Promise<void>;
  done: boolean;
}

export async function runPlan(
  plan: Op[],
  actors: Actors,
  servers: Servers,
  width: number,
  hooks: RunHooks,
): Promise<number> {
  const lanes = new Map<string, Promise<void>>();
  const inFlight = new Set<Promise<void>>();
  let kills = 0;
  let recovery: Recovery | null = null;
  // Every operation sent has settled, the killed instance is back: its checkpoint.
  const recovered = async (r: Recovery) => {
    await r.back;
    await Promise.allSettled([...inFlight]);
    await hooks.checkpoint(`restart ${r.kill}`, r.step, true);
    await actors.retryUnanswered();
    recovery = null;
  };
  for (const op of plan) {
    if (recovery?.done) await recovered(recovery);
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
      // One instance down at a time: the one before is back and checked first.
      if (recovery) await recovered(recovery);
      await sleep(op.kill.delayMs);
      const victim = await servers.kill();
      kills += 1;
      const label = `kill ${kills} (mid-${op.kill.point}${servers.clustered ? `, ${servers.nameOf(victim)}` : ''})`;
      if (servers.clustered) {
        recovery = restartBehind(victim, [...inFlight], label, op.step, kills, hooks);
      } else {
        await Promise.allSettled([...inFlight]);
        lanes.clear();
        actors.forgetSockets();
        await hooks.checkpoint(label, op.step, false);
        await victim.start();
        await hooks.checkpoint(`restart ${kills}`, op.step, true);
        await actors.retryUnanswered();
      }
    }
    hooks.progress(op.step);
  }
  await Promise.all([...inFlight]);
  if (recovery) await recovered(recovery);
  return kills;
}

/**
 * The killed instance's way back while the plan goes on: the operations in flight at the kill
 * settle (the dead one's sockets and requests fail, as they did with one server), the database
 * is checked, the instance started again.
 */
function restartBehind(
  victim: ServerProcess,
  atKill: Array<Promise<void>>,
  label: string,
  step: number,
  kill: number,
  hooks: RunHooks,
): Recovery {
  const r: Recovery = { kill, step, back: Promise.resolve(), done: false };
  const killedAt = Date.now();
  r.back = (async () => {
    await Promise.allSettled(atKill);
    await hooks.checkpoint(label, step, false);
    await victim.start();
    hooks.restarted?.(label, step, Date.now() - killedAt);
  })().finally(() => {
    r.done = true;
  });
  // Awaited once the plan looks (a failed start fails the run there), not left unhandled now.
  r.back.catch(() => {});
  return r;
}
