import { describe, expect, it } from 'vitest';
import type { JackpotRow } from './jackpot-repository';
import { drawHitPoint, jackpotString, MICROS, newLevel } from './jackpots';

describe('jackpot levels', () => {
  it('draw their hidden hit point above the seed and no later than must-hit-by', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 2_000; i++) {
      const at = drawHitPoint(2_000, 2_010);
      expect(at).toBeGreaterThan(2_000);
      expect(at).toBeLessThanOrEqual(2_010);
      seen.add(at);
    }
    // Every point of the range comes up: the draw is not stuck at one end.
    expect(seen.size).toBe(10);
  });

  it('start at their seed', () => {
    const row = newLevel(4, { name: 'Mini', seedCents: 2_000, mustHitByCents: 4_000 }, () => 3_000);
    expect(row).toMatchObject({ brandId: 4, valueMicros: 2_000 * MICROS, hitAtCents: 3_000 });
  });

  it('are carried as whole hundredths, highest first, comma-separated', () => {
    const rows = [100_000.999, 20_000, 2_000.5].map(
      (cents, id) => ({ id, valueMicros: Math.round(cents * MICROS) }) as JackpotRow,
    );
    expect(jackpotString(rows)).toBe('100000,20000,2000');
    expect(jackpotString([])).toBe('');
  });
});
