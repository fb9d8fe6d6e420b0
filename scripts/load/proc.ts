// CPU and memory of a process, and of the whole box, read from /proc (Linux): what the bench
// reports for the server child, the load generator and everything else on the machine.
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';

/** Kernel clock ticks a second (USER_HZ); 100 on every Linux we run on. */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) the process has used so far, threads included. */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return (utime + stime) / TICKS_PER_SECOND;
}

/**
 * Sets the nice value of every thread of this process (on Linux a thread's priority is its own,
 * and a new thread takes its creator's): the load generator's, collector and I/O threads included.
 * False when not allowed (lowering it back needs root).
 */
export function setOwnNice(nice: number): boolean {
  try {
    for (const tid of readdirSync('/proc/self/task')) os.setPriority(Number(tid), nice);
    return true;
  } catch {
    return false;
  }
}

/** The process's children (pids), e.g. the server's machine agent. */
export function childPids(pid: number): number[] {
  try {
    const list = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return list ? list.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** Resident memory in MiB. */
export function processRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Busy and total CPU seconds of the whole box since boot (all cores). */
export function boxCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0]!;
  const v = line.trim().split(/\s+/).slice(1).map(Number);
  const total = v.reduce((a, b) => a + b, 0);
  const idle = (v[3] ?? 0) + (v[4] ?? 0);
  return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
}

export const cores = () => os.availableParallelism();

/** CPU use over an interval as a share of one core (1.0 = one core busy). */
export class CpuMeter {
  private lastCpu: number;
  private lastAt = performance.now();

  constructor(private readonly read: () => number) {
    this.lastCpu = read();
  }

  /** Cores used since the previous call (or since construction). */
  sample(): number {
    const cpu = this.read();
    const at = performance.now();
    const used = (cpu - this.lastCpu) / ((at - this.lastAt) / 1000);
    this.lastCpu = cpu;
    this.lastAt = at;
    return used;
  }
}
