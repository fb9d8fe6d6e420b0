// The agent's NVRAM: what a cabinet must not forget across a restart of its agent (a real
// cabinet keeps it in battery-backed memory): its credits, bet, meters, a pending hand pay, and
// the outcome of every recent command by request id. Written to a file, atomically (a new file,
// fsync, rename) and before the command is acknowledged, so an outcome the server was told of is
// never lost, and a command the agent applied is never applied twice.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import type { CommandAck } from '@reelcast/protocol/agent';
import type { MachineMeters } from '@reelcast/protocol/floor';

/** Outcomes kept per cabinet: far more than a server retries, small enough to write each time. */
export const OUTCOMES_KEPT = 500;

export interface CabinetMemory {
  credits: number;
  bet: number;
  meters: MachineMeters;
  handPay: { id: string; amount: number } | null;
  /** request id → the acknowledgement written for it, oldest first */
  outcomes: [string, CommandAck][];
}

export class Nvram {
  private readonly cabinets = new Map<number, CabinetMemory>();

  constructor(private readonly file: string) {
    let saved: Record<string, CabinetMemory> = {};
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, CabinetMemory>;
    } catch (e) {
      // A new agent has no NVRAM yet; anything else (a torn or unreadable file) must stop it,
      // not start its cabinets empty.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    for (const [id, memory] of Object.entries(saved)) this.cabinets.set(Number(id), memory);
  }

  recall(machineId: number): CabinetMemory | null {
    return this.cabinets.get(machineId) ?? null;
  }

  outcome(machineId: number, requestId: string): CommandAck | null {
    const found = this.cabinets.get(machineId)?.outcomes.find(([id]) => id === requestId);
    return found ? found[1] : null;
  }

  /** Keeps the cabinet's state, and the outcome of the command that led to it, on disk. */
  write(machineId: number, memory: Omit<CabinetMemory, 'outcomes'>, outcome?: CommandAck): void {
    const before = this.cabinets.get(machineId)?.outcomes ?? [];
    const outcomes = outcome
      ? [...before, [outcome.requestId, outcome] as [string, CommandAck]]
      : before;
    this.cabinets.set(machineId, { ...memory, outcomes: outcomes.slice(-OUTCOMES_KEPT) });
    this.flush();
  }

  private flush(): void {
    const tmp = `${this.file}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(Object.fromEntries(this.cabinets)));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }
}
