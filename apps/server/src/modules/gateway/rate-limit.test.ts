import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenBucket } from './rate-limit';

describe('token bucket', () => {
  afterEach(() => vi.useRealTimers());

  it('allows bursts of twice the rate, then refills with time and is idle once full', () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    const bucket = new TokenBucket(2);
    expect(bucket.idle).toBe(true);
    const taken = Array.from({ length: 6 }, () => bucket.take());
    expect(taken).toEqual([true, true, true, true, false, false]);
    expect(bucket.idle).toBe(false);
    vi.advanceTimersByTime(500);
    expect(bucket.take()).toBe(true);
    expect(bucket.take()).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(bucket.idle).toBe(true);
  });
});
