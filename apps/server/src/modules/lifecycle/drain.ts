// Graceful shutdown (SIGTERM, SIGINT): the floor is drained before the process ends, so a restart
// loses nothing. From the first moment no join, transfer or game is taken (50300); autoplay stops
// and the games in play end; the seat and money changes already asked for settle (both at most
// SHUTDOWN_GRACE_MS on the seats' clock); the meters are written; then every socket hears 18820
// and its connection is closed. Open slot sessions stay open with their credits: the next start
// resumes them (SessionService.resume), and the browsers reconnect to it by themselves.
import { ErrorCode, errorMessages, InfoCode } from '@reelcast/protocol/codes';
import type { InfoNotification } from '@reelcast/protocol/machine-socket';
import type { Server } from 'socket.io';
import { AppError } from '../../errors';
import type { MachineAgent } from '../floor/agent';
import type { MeterStore } from '../floor/meter-store';
import type { MachineQueue } from '../sessions/machine-queue';
import { type Clock, type Timers, waitFor } from '../sessions/timers';

/** What the drain did, for the log line before the process ends. */
export interface DrainReport {
  /** games in play when the drain began */
  gamesInPlay: number;
  /** of those, still in play when the grace ran out: void, the restart gives their bets back */
  gamesUnfinished: number;
  /** machines whose queued seat or money change had not settled when the grace ran out */
  machinesBusy: number;
  /** sockets told 18820 and closed */
  socketsClosed: number;
}

export interface DrainDeps {
  agents: () => Iterable<MachineAgent>;
  /** the machines' queue of seat and money changes (SessionService.queue) */
  queue: Pick<MachineQueue, 'idle'>;
  /** the seats' clock (as it is now), so a test runs out the grace without waiting for it */
  clock: () => Clock;
  meters: Pick<MeterStore, 'flush'>;
  io: Server;
  graceMs: number;
}

export class Drain {
  private closedToNew = false;
  private run: Promise<DrainReport> | null = null;

  constructor(private readonly deps: DrainDeps) {}

  /** True from the moment the drain begins until the process ends. */
  get draining(): boolean {
    return this.closedToNew;
  }

  /**
   * Refuses (50300) what would start something the drain would have to wait for: a join, a
   * transfer, a game. Cash-out and leave stay allowed: they only end things.
   */
  refuseWhileDraining(): void {
    if (this.closedToNew) throw new AppError(ErrorCode.serverRestarting, 503);
  }

  /** Drains once; a second call (a second signal, a test) answers the first one's report. */
  drain(): Promise<DrainReport> {
    this.closedToNew = true;
    this.run ??= this.steps();
    return this.run;
  }

  private async steps(): Promise<DrainReport> {
    const { graceMs, queue, meters } = this.deps;
    const clock = this.deps.clock();
    const deadline = clock.now() + graceMs;
    const left = () => Math.max(0, deadline - clock.now());
    const agents = [...this.deps.agents()];
    // Autoplay would start the next game as soon as one ends; the game in play still ends.
    await Promise.all(agents.map((agent) => agent.stopAutoplay().catch(() => {})));
    const spinning = agents.filter((a) => a.state().spinning);
    const ended = await Promise.all(
      spinning.map((a) => waitFor(a, 'game-ended', () => !a.state().spinning, clock, left())),
    );
    // A transfer or cash-out accepted before the drain, and the close of a player who left.
    const settled = await Promise.all(
      agents.map((a) => within(queue.idle(a.machineId), clock, left())),
    );
    // The finished games' records and the last meters; a game still in play is saved by neither
    // side, so the restart voids it on both (decisions.md, meters across a restart).
    await meters.flush();
    return {
      gamesInPlay: spinning.length,
      gamesUnfinished: ended.filter((done) => !done).length,
      machinesBusy: settled.filter((done) => !done).length,
      socketsClosed: this.closeSockets(),
    };
  }

  /**
   * Every socket hears why (18820) and then loses its connection. Not a server-side disconnect:
   * socket.io's client takes that as final and would not reconnect; a closed connection is a
   * drop, which the player's tabs retry with back-off until the restarted server answers.
   */
  private closeSockets(): number {
    const { io } = this.deps;
    // From here a tab retrying meets the next server, not this one on its way out.
    io.engine.opts.allowRequest = (_request, answer) => answer('restarting', false);
    const info: InfoNotification = {
      code: InfoCode.serverRestarting,
      params: {},
      message: errorMessages[InfoCode.serverRestarting]!,
    };
    let sockets = 0;
    const connections = new Set<{ close(): unknown }>();
    for (const nsp of io._nsps.values()) {
      nsp.emit('info', info);
      for (const socket of nsp.sockets.values()) {
        sockets++;
        connections.add(socket.conn);
      }
    }
    // A connection closes once the packets written to it (the info above) have gone out.
    for (const connection of connections) connection.close();
    return sockets;
  }
}

/** Resolves true when `work` settles within `ms` on the clock, else false when they have passed. */
export function within(work: Promise<unknown>, clock: Timers, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = clock.setTimeout(() => resolve(false), ms);
    const done = () => {
      clock.clearTimeout(timer);
      resolve(true);
    };
    work.then(done, done);
  });
}
