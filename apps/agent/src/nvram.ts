// The agent's NVRAM: what a cabinet must not forget across a restart of its agent (a real
// cabinet keeps it in battery-backed memory): its credits, bet, meters, a pending hand pay, the
// outcome of every recent command by request id, and the games the server has not yet said it
// recorded (the journal), under the memory's epoch. One file per cabinet in the NVRAM
// directory, as each real cabinet has its own: a write is one cabinet's state, not the floor's.
// Written atomically (a new file, fsync, rename, fsync of the directory) off the agent's thread,
// and a write is done only once it is on disk: the cabinet acknowledges a command, or tells of a
// game, only then, so an outcome the server was told of is never lost, and a command the agent
// applied is never applied twice. Writes asked for while one is under way go to disk together
// in the next (group commit): a cabinet busy with games waits for one fsync at a time, never for
// a queue of them.

import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { open, rename } from 'node:fs/promises';
import path from 'node:path';
import type { CommandAck, JournalGame } from '@reelcast/protocol/agent';
import type { MachineMeters } from '@reelcast/protocol/floor';

/** Outcomes kept per cabinet: far more than a server retries, small enough to write each time. */
export const OUTCOMES_KEPT = 500;

/** A game of the journal: `endedAt` is the agent's clock (a message tells its age instead). */
export type JournaledGame = Omit<JournalGame, 'ageMs' | 'latest'> & { endedAt: number };

/** A transfer in or to the host that moved credits, as the hello tells it. */
export interface MoneyMovement {
  requestId: string;
  op: 'transferIn' | 'cashOut';
  amount: number;
}

/** A new memory's generation (SAS: a RAM clear starts the meters and the game numbers again). */
export const newEpoch = () => randomBytes(12).toString('base64url');

export interface CabinetMemory {
  credits: number;
  bet: number;
  meters: MachineMeters;
  handPay: { id: string; amount: number } | null;
  /** made with the memory; an earlier agent's file has none and is given one at start */
  epoch?: string;
  /** ended games the server has not said it recorded, oldest first */
  journal?: JournaledGame[];
  /** the latest transfers that moved credits (request id, op, amount), oldest first */
  money?: MoneyMovement[];
  /** request id → the acknowledgement written for it, oldest first */
  outcomes: [string, CommandAck][];
}

/** One cabinet's file: whether a write is under way, and who waits for the next one. */
interface CabinetFile {
  writing: boolean;
  next: { done: () => void; failed: (e: unknown) => void }[];
}

const FILE = /^(\d+)\.json$/;

export class Nvram {
  private readonly cabinets = new Map<number, CabinetMemory>();
  private readonly files = new Map<number, CabinetFile>();
  /** Writes to disk so far, a group commit counting once (the tests read it). */
  writes = 0;

  /**
   * `dir` holds one `<machineId>.json` per cabinet. `legacyFile`, when it exists, is the single
   * file an earlier agent kept for all its cabinets: moved into `dir` once, then removed.
   */
  constructor(
    private readonly dir: string,
    legacyFile?: string,
  ) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    for (const name of readdirSync(dir)) {
      const id = FILE.exec(name)?.[1];
      // A torn or unreadable file must stop the agent, not start its cabinet empty; a `.tmp`
      // left by a crash mid-write is ignored (the rename never happened: the old file stands).
      if (id) this.cabinets.set(Number(id), JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
    }
    if (legacyFile && existsSync(legacyFile)) this.moveIn(legacyFile);
  }

  recall(machineId: number): CabinetMemory | null {
    return this.cabinets.get(machineId) ?? null;
  }

  outcome(machineId: number, requestId: string): CommandAck | null {
    const found = this.cabinets.get(machineId)?.outcomes.find(([id]) => id === requestId);
    return found ? found[1] : null;
  }

  /**
   * Keeps the cabinet's state, and the outcome of the command that led to it; resolves once
   * both are on disk (rejects when the disk refuses them).
   */
  write(
    machineId: number,
    memory: Omit<CabinetMemory, 'outcomes'>,
    outcome?: CommandAck,
  ): Promise<void> {
    const before = this.cabinets.get(machineId)?.outcomes ?? [];
    const outcomes = outcome
      ? [...before, [outcome.requestId, outcome] as [string, CommandAck]]
      : before;
    this.cabinets.set(machineId, { ...memory, outcomes: outcomes.slice(-OUTCOMES_KEPT) });
    return this.flush(machineId);
  }

  /** Resolves once everything written for the cabinet so far is on disk. */
  settled(machineId: number): Promise<void> {
    const file = this.files.get(machineId);
    return file && (file.writing || file.next.length > 0)
      ? this.flush(machineId)
      : Promise.resolve();
  }

  private flush(machineId: number): Promise<void> {
    let file = this.files.get(machineId);
    if (!file) {
      file = { writing: false, next: [] };
      this.files.set(machineId, file);
    }
    const waiting = file;
    return new Promise((done, failed) => {
      waiting.next.push({ done, failed });
      if (!waiting.writing) void this.drain(machineId, waiting);
    });
  }

  /** Writes the cabinet's latest state for everyone waiting, until nobody is. */
  private async drain(machineId: number, file: CabinetFile): Promise<void> {
    file.writing = true;
    while (file.next.length > 0) {
      const batch = file.next.splice(0);
      try {
        await this.store(machineId);
        this.writes += 1;
        for (const w of batch) w.done();
      } catch (e) {
        for (const w of batch) w.failed(e);
      }
    }
    file.writing = false;
  }

  private async store(machineId: number): Promise<void> {
    const file = path.join(this.dir, `${machineId}.json`);
    const tmp = `${file}.tmp`;
    const text = JSON.stringify(this.cabinets.get(machineId));
    const handle = await open(tmp, 'w', 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmp, file);
    // The rename itself is on disk only once the directory is.
    const dir = await open(this.dir, 'r');
    try {
      await dir.sync();
    } finally {
      await dir.close();
    }
  }

  /** The earlier agents' one file for all cabinets, split into the directory at start. */
  private moveIn(legacyFile: string): void {
    const saved = JSON.parse(readFileSync(legacyFile, 'utf8')) as Record<string, CabinetMemory>;
    for (const [id, memory] of Object.entries(saved)) {
      // A cabinet already in the directory was written after the move began: it is newer.
      if (this.cabinets.has(Number(id))) continue;
      const file = path.join(this.dir, `${id}.json`);
      writeFileSync(`${file}.tmp`, JSON.stringify(memory), { mode: 0o600 });
      syncFile(`${file}.tmp`);
      renameSync(`${file}.tmp`, file);
      this.cabinets.set(Number(id), memory);
    }
    syncFile(this.dir);
    unlinkSync(legacyFile);
  }
}

function syncFile(name: string): void {
  const fd = openSync(name, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
