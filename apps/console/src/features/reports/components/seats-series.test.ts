import { describe, expect, it } from 'vitest';
import { seatsSeries } from './seats-series';

describe('the seats chart’s figures', () => {
  it('puts every hour of the day on x, in order, with its seats', () => {
    const series = seatsSeries({
      hours: [
        { hour: 10, seats: 2 },
        { hour: 9, seats: 1 },
        { hour: 11, seats: 2 },
        { hour: 23, seats: 1 },
      ],
      peak: { seats: 2, at: '2026-01-15T10:45:00.000Z' },
    });
    expect(series.categories).toHaveLength(24);
    expect(series.categories.slice(0, 3)).toEqual(['00', '01', '02']);
    expect(series.categories[23]).toBe('23');
    const expected = Array(24).fill(0);
    Object.assign(expected, { 9: 1, 10: 2, 11: 2, 23: 1 });
    expect(series.seats).toEqual(expected);
    expect(series.peak).toEqual({ seats: 2, time: '10:45' });
    expect(series.busiestHour).toBe('10');
  });

  it('says there was no peak on a day nobody sat down', () => {
    const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, seats: 0 }));
    const series = seatsSeries({ hours, peak: { seats: 0, at: null } });
    expect(series.seats.every((s) => s === 0)).toBe(true);
    expect(series.peak).toEqual({ seats: 0, time: null });
    expect(series.busiestHour).toBeNull();
  });
});
