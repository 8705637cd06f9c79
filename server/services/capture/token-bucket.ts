import { lruCache } from '../../../shared/lru-cache.js';

export interface BucketLimit {
  /** requests a minute, on average */
  perMinute: number;
  /** requests that may come at once (the bucket's size) */
  burst: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

/**
 * Token buckets in this process' memory, one per key: each holds up to `burst` tokens and refills at
 * `perMinute` a minute; a request takes one or is refused with the seconds until one is back. With
 * several instances each counts its own requests (the limit is per instance). At most `maxKeys`
 * buckets are kept, the least recently used forgotten first (a forgotten key starts full again).
 */
export class TokenBuckets {
  private readonly buckets;
  private readonly perMs: number;

  constructor(
    private readonly limit: BucketLimit,
    maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.buckets = lruCache<string, { tokens: number; at: number }>(maxKeys);
    this.perMs = limit.perMinute / 60_000;
  }

  take(key: string): Taken {
    const now = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.limit.burst, at: now };
    const tokens = Math.min(this.limit.burst, b.tokens + (now - b.at) * this.perMs);
    if (tokens >= 1) {
      this.buckets.set(key, { tokens: tokens - 1, at: now });
      return { ok: true };
    }
    this.buckets.set(key, { tokens, at: now });
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000)) };
  }
}
