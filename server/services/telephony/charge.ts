/*
 * A provider's price as the amount charged (docs/telephony.md#calls-are-facts): a decimal string with
 * no sign, its digits as the provider wrote them. Twilio writes a charge as a negative price
 * ("-0.01350"), Exotel as a positive one ("1.20"): either is kept as "0.01350" or "1.20". Sums are
 * done on the digits, never in floating point.
 */

const DECIMAL = /^-?(\d{1,12})(?:\.(\d{1,10}))?$/;

/** The charge a price stands for, or null for anything that is not a decimal amount. */
export function chargeOf(price: unknown): string | null {
  const m = typeof price === 'string' ? DECIMAL.exec(price.trim()) : null;
  if (!m) return null;
  return m[2] === undefined ? m[1]! : `${m[1]}.${m[2]}`;
}

/** The sum of charges (chargeOf's strings), with as many decimals as the most precise of them. */
export function sumCharges(charges: readonly string[]): string {
  const decimals = Math.max(0, ...charges.map((c) => c.split('.')[1]?.length ?? 0));
  const scaled = (c: string) => {
    const [whole, frac = ''] = c.split('.');
    return BigInt(`${whole}${frac.padEnd(decimals, '0')}`);
  };
  const total = charges
    .reduce((sum, c) => sum + scaled(c), 0n)
    .toString()
    .padStart(decimals + 1, '0');
  return decimals ? `${total.slice(0, -decimals)}.${total.slice(-decimals)}` : total;
}
