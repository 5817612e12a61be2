/**
 * A small in-process cache with expiry, for hot directory reads (shop by slug or host). It is only a
 * cache: every instance may hold its own copy for at most `ttlMs`, and writers call `delete`.
 */
export class TtlCache<V> {
  private readonly map = new Map<string, { value: V; expires: number }>();
  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
  ) {}

  get(key: string): V | undefined {
    const hit = this.map.get(key);
    if (!hit) return undefined;
    if (hit.expires < Date.now()) {
      this.map.delete(key);
      return undefined;
    }
    return hit.value;
  }

  set(key: string, value: V, ttlMs = this.ttlMs) {
    if (this.map.size >= this.maxEntries) {
      const oldest = this.map.keys().next().value;
      if (oldest !== undefined) this.map.delete(oldest);
    }
    this.map.set(key, { value, expires: Date.now() + ttlMs });
  }

  delete(key: string) {
    this.map.delete(key);
  }

  deleteWhere(match: (key: string) => boolean) {
    for (const key of this.map.keys()) if (match(key)) this.map.delete(key);
  }

  clear() {
    this.map.clear();
  }
}
