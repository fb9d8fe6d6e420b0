// The floor the e2e server seeds (the default floor file): specs count machines from it rather
// than repeat its numbers.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FloorFileInput } from '@reelcast/protocol/floor';

export const floor = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../apps/server/floor/floor.json'), 'utf8'),
) as FloorFileInput;

export const machineCountOf = (brand: string) =>
  floor.machines.filter((m) => m.brand === brand).length;
