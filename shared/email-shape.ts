/**
 * Whether text has an email address's shape: as /^[^\s@]+@[^\s@]+\.[^\s@]+$/, whose overlapping runs
 * cost the square of a domain of dots, in one pass. A quick check; where an address is stored, its
 * length is bounded too.
 */
export function hasEmailShape(v: string): boolean {
  if (/\s/.test(v)) return false;
  const at = v.indexOf('@');
  if (at < 1 || v.indexOf('@', at + 1) >= 0) return false;
  const dot = v.indexOf('.', at + 2);
  return dot >= 0 && dot < v.length - 1;
}
