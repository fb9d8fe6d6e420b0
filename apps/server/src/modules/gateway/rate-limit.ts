/** A token bucket: `rate` events a second on average, bursts up to twice that. */
export class TokenBucket {
  private tokens: number;
  private last = performance.now();

  constructor(
    private readonly rate: number,
    private readonly capacity = rate * 2,
  ) {
    this.tokens = capacity;
  }

  take(): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.capacity, this.tokens + ((now - this.last) / 1000) * this.rate);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
