// The capture API's per-key and per-address limits (server/services/capture/token-bucket.ts), on a clock the test moves.
import { describe, expect, it } from 'vitest';
import { TokenBuckets } from '../server/services/capture/token-bucket.js';

describe('token buckets', () => {
  it('lets a burst through, then one per refill, saying how long to wait', () => {
    let now = 0;
    const buckets = new TokenBuckets({ perMinute: 6, burst: 2 }, 100, () => now);
    expect([buckets.take('a'), buckets.take('a')]).toEqual([{ ok: true }, { ok: true }]);
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 10 });
    now = 4_000;
    expect(buckets.take('a')).toEqual({ ok: false, retryAfterSeconds: 6 });
    expect(buckets.take('b')).toEqual({ ok: true });
    now = 10_000;
    expect(buckets.take('a')).toEqual({ ok: true });
    expect(buckets.take('a').ok).toBe(false);
    // A long quiet spell refills to the burst, no further.
    now = 1_000_000;
    expect([buckets.take('a'), buckets.take('a'), buckets.take('a')].map((r) => r.ok)).toEqual([true, true, false]);
  });

  it('keeps at most its number of keys, forgetting the least recently used (which starts full again)', () => {
    const now = 0;
    const buckets = new TokenBuckets({ perMinute: 1, burst: 1 }, 2, () => now);
    expect(buckets.take('a').ok).toBe(true);
    expect(buckets.take('b').ok).toBe(true);
    expect(buckets.take('a').ok).toBe(false);
    expect(buckets.take('c').ok).toBe(true); // 'b' is forgotten
    expect(buckets.take('a').ok).toBe(false);
    expect(buckets.take('b').ok).toBe(true);
  });
});
