// A seat taken on from its row: after a restart, or from another instance that held the machine
// and is gone (issue #19). The row is the record the new owner goes by: the credits and hand pay
// it holds go back on the machine, and the grace period counts on from the end written down.
import type { MachineAgent } from '../floor/agent';
import type { SlotSession } from './repository';

/**
 * Puts the session's credits and pending hand pay back on the machine. A cabinet that kept them
 * (the same ones) is left as it is; a simulated one that another instance ran meanwhile gets the
 * row's. Not a transfer: the saved meters already count the ones that brought these credits.
 */
export function restoreOnMachine(agent: MachineAgent, session: SlotSession): void {
  if (agent.state().credits !== session.credits) agent.restoreCredits(session.credits);
  if (session.handPay > 0 && session.handPayId && !agent.pendingHandPay()) {
    agent.restoreHandPay({ id: session.handPayId, amount: session.handPay });
  }
}

/**
 * What is left at `now` of the grace period begun elsewhere (at or below 0: it is over), or
 * undefined when none was running: its player was connected to the instance that is gone, and
 * those sockets are gone with it, so a whole grace period starts.
 */
export function graceLeft(session: SlotSession, now: number): number | undefined {
  return session.graceEndsAt ? session.graceEndsAt.getTime() - now : undefined;
}
