import { describe, expect, it } from 'vitest';
import { formatCount } from '../web/src/lib/format.js';

// formatCount writes counts without building an Intl.NumberFormat (slow on a phone's first screen);
// it must write exactly what Intl's en-IN does.
describe('formatCount', () => {
  const intl = new Intl.NumberFormat('en-IN');
  const values = [
    0,
    7,
    42,
    999,
    1000,
    1001,
    9999,
    12345,
    99999,
    100000,
    123456,
    999999,
    1000000,
    12345678,
    123456789,
    1234567890,
    Number.MAX_SAFE_INTEGER,
    -1,
    -1234,
    -1234567,
    2.5,
    1234.5678,
    NaN,
    Infinity,
  ];
  it.each(values)('writes %s as en-IN does', (n) => {
    expect(formatCount(n)).toBe(intl.format(n));
  });

  it('agrees with en-IN on every count up to 200,000 and on random large ones', () => {
    for (let n = 0; n <= 200_000; n += 7) expect(formatCount(n)).toBe(intl.format(n));
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
      expect(formatCount(n)).toBe(intl.format(n));
    }
  });
});
