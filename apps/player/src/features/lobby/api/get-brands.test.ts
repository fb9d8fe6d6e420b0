import { describe, expect, it } from 'vitest';
import { splitJackpots } from './get-brands';

describe('splitJackpots', () => {
  it('turns §3’s comma-separated string into hundredths, skipping blanks and junk', () => {
    expect(splitJackpots('100000,20000,2000')).toEqual([100000, 20000, 2000]);
    expect(splitJackpots(' 5 , ,x,7')).toEqual([5, 7]);
    expect(splitJackpots('')).toEqual([]);
    expect(splitJackpots(null)).toEqual([]);
  });
});
