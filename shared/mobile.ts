/**
 * An Indian mobile reduced to its 10 digits (+91, 91, 0, spaces, dashes, dots and brackets removed),
 * or null when what is left is not a mobile number (10 digits starting 6-9).
 */
export function normalizeIndianMobile(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let digits = String(raw).replace(/[\s\-().]/g, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  if (!/^\d+$/.test(digits)) return null;
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}

/** A number as telephony providers take it: an Indian mobile as +91 and its 10 digits; any other number as given, trimmed. */
export function toE164(raw: string): string {
  const mobile = normalizeIndianMobile(raw);
  return mobile ? `+91${mobile}` : raw.trim();
}
