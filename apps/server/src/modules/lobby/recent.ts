// A read shared by every lobby list for a short while. The floor's machine rows and the brands'
// machine counts change only when staff change them, yet each list read them again, one database
// round trip per player per list (the load bench's profile: a query's write to PostgreSQL costs
// the server's thread more than the lobby's own work, docs/proof.md). Reads within `ttlMs` share
// one answer; a change made here clears it at once, one made on another instance shows within
// `ttlMs`, as the lobby's pushes do.

export class Recent<T> {
  private current: { at: number; value: Promise<T> } | null = null;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The answer of a read started less than ttlMs ago (in flight or done), else a new read. */
  get(): Promise<T> {
    const current = this.current;
    if (current && this.now() - current.at < this.ttlMs) return current.value;
    const entry = { at: this.now(), value: this.load() };
    this.current = entry;
    // A failed read is not shared: the next caller reads again.
    entry.value.catch(() => {
      if (this.current === entry) this.current = null;
    });
    return entry.value;
  }

  /** Something it reads changed: the next get reads again. */
  clear(): void {
    this.current = null;
  }
}
