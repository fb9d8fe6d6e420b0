import { describe, expect, it } from 'vitest';
import { Recent } from './recent';

describe('Recent', () => {
  function counting(ttlMs: number) {
    let clock = 0;
    let reads = 0;
    const recent = new Recent(
      async () => ++reads,
      ttlMs,
      () => clock,
    );
    return { recent, advance: (ms: number) => (clock += ms), reads: () => reads };
  }

  it('shares one read within its time, in flight or done, and reads again after it', async () => {
    const { recent, advance, reads } = counting(1000);
    const [a, b] = await Promise.all([recent.get(), recent.get()]);
    expect([a, b, reads()]).toEqual([1, 1, 1]);
    advance(999);
    expect(await recent.get()).toBe(1);
    advance(1);
    expect(await recent.get()).toBe(2);
  });

  it('reads again at once after clear', async () => {
    const { recent } = counting(1000);
    expect(await recent.get()).toBe(1);
    recent.clear();
    expect(await recent.get()).toBe(2);
  });

  it('does not share a failed read', async () => {
    let fail = true;
    const recent = new Recent(async () => {
      if (fail) throw new Error('database away');
      return 'rows';
    }, 1000);
    await expect(recent.get()).rejects.toThrow('database away');
    fail = false;
    expect(await recent.get()).toBe('rows');
  });
});
