// A floor file of `count` machines: the demo floor's repeated (names numbered, every one a screen
// machine), for what needs more machines than the demo has (a 200-cabinet bench floor, an agent
// of many cabinets).
import { readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FloorFileInput } from '@reelcast/protocol/floor';

/** Writes it to a temporary file; answers the file's path. */
export function floorOfSize(count: number): string {
  const file = path.resolve(import.meta.dirname, '../floor/floor.json');
  const base = JSON.parse(readFileSync(file, 'utf8')) as FloorFileInput;
  const machines = Array.from({ length: count }, (_, i) => {
    const m = base.machines[i % base.machines.length]!;
    const round = Math.floor(i / base.machines.length);
    return { ...m, name: round === 0 ? m.name : `${m.name} ${round + 1}`, videoType: 'screen' };
  });
  const out = path.join(tmpdir(), `reelcast-floor-${count}-${process.pid}.json`);
  writeFileSync(out, JSON.stringify({ ...base, machines }));
  return out;
}
