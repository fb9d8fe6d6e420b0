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

  /** Full again (nothing taken for long enough): the bucket may be forgotten. */
  get idle(): boolean {
    const refilled = this.tokens + ((performance.now() - this.last) / 1000) * this.rate;
    return refilled >= this.capacity;
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
