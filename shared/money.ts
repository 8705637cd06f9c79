/**
 * Money is integer paise inside and rupees with two decimals on the wire (docs/product-rules.md#money). Rupees are
 * read from their decimal text, never through floating-point arithmetic, so 0.1 + 0.2 never drifts.
 */

/** The largest amount accepted anywhere: ten crore rupees, in paise. */
export const MAX_PAISE = 10_00_00_000_00;

const RUPEES = /^(\d{1,12})(?:\.(\d{1,2}))?$/;

/** Rupees ("1,250.5", 1250.5, "1250") as integer paise, or null when not an amount of at most two decimals. */
export function rupeesToPaise(value: string | number): number | null {
  const text = (typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value).trim().replace(/,/g, '');
  const m = RUPEES.exec(text);
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/** Paise as rupees, a number with at most two decimals (what the legacy API answers). */
export const paiseToRupees = (paise: number): number => Math.round(paise) / 100;

/**
 * A percentage of an amount, rounded half up to the paisa: each project's commission is rounded once,
 * and totals are sums of the rounded rows, so a total always equals the sum of the rows shown.
 */
export function percentOfPaise(paise: number, percent: number): number {
  // Integer arithmetic: paise x percent is exact; the division by 100 rounds half up.
  const scaled = paise * percent;
  return scaled >= 0 ? Math.floor((scaled + 50) / 100) : -Math.floor((-scaled + 50) / 100);
}
