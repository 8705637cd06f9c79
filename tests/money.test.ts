import { describe, expect, it } from 'vitest';
import { paiseToRupees, percentOfPaise, rupeesToPaise } from '../shared/money.js';

describe('money in paise', () => {
  it('reads rupees from their text, never through floating point', () => {
    expect(rupeesToPaise('1250')).toBe(125000);
    expect(rupeesToPaise('1,250.5')).toBe(125050);
    expect(rupeesToPaise(0.1)).toBe(10);
    expect(rupeesToPaise(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    expect(rupeesToPaise(1234.56)).toBe(123456);
    expect(rupeesToPaise(' 99.99 ')).toBe(9999);
    for (const bad of ['', '12.345', '-5', 'abc', '1e5', '12.', NaN, Infinity]) expect(rupeesToPaise(bad as string)).toBeNull();
  });

  it('answers rupees with two decimals', () => {
    expect(paiseToRupees(125050)).toBe(1250.5);
    expect(paiseToRupees(29)).toBe(0.29);
  });

  it('rounds a percentage half up to the paisa, once per amount', () => {
    expect(percentOfPaise(99999, 15)).toBe(15000); // 149.9985 rupees -> 150.00
    expect(percentOfPaise(99990, 15)).toBe(14999); // 149.985 -> 149.99 (14998.5 paise rounds up)
    expect(percentOfPaise(10, 5)).toBe(1); // 0.5 paisa rounds up
    expect(percentOfPaise(9, 5)).toBe(0); // 0.45 paisa rounds down
    expect(percentOfPaise(-10, 5)).toBe(-1);
    expect(percentOfPaise(0, 20)).toBe(0);
  });
});

describe('the largest amount', () => {
  it('is ten crore rupees, as the message says: ₹10,00,00,000 is accepted, a paisa more is refused', async () => {
    const { rupeesField } = await import('../shared/schemas/projects.js');
    const price = rupeesField('Price', { positive: true });
    expect(price.parse('10,00,00,000')).toBe(10_00_00_000 * 100);
    expect(price.parse(100_000_000)).toBe(10_000_000_000);
    const over = price.safeParse('100000000.01');
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('Price must be at most ₹10,00,00,000.');
  });
});
