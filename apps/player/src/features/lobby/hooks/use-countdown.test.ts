import { describe, expect, it } from 'vitest';
import { formatMinutesSeconds } from './use-countdown';

describe('formatMinutesSeconds', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatMinutesSeconds(272)).toBe('4:32');
    expect(formatMinutesSeconds(300)).toBe('5:00');
    expect(formatMinutesSeconds(9)).toBe('0:09');
    expect(formatMinutesSeconds(0)).toBe('0:00');
  });
});
