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

/**
 * A phone number as the app keeps it: an Indian number (mobile or landline with its STD code) as its
 * 10 digits, like every mobile in the app; a number of another country in E.164 (+ and 8 to 15
 * digits). Null when it is neither. Telephony providers take both (docs/telephony.md#numbers).
 */
export function normalizePhoneNumber(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const compact = String(raw).replace(/[\s\-().]/g, '');
  if (!/^\+?\d+$/.test(compact)) return null;
  let digits = compact.replace(/^\+/, '');
  if (compact.startsWith('+') && !digits.startsWith('91')) return /^[1-9]\d{7,14}$/.test(digits) ? `+${digits}` : null;
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[1-9]\d{9}$/.test(digits) ? digits : null;
}

/** A number as telephony providers take it (E.164): an Indian number (normalizePhoneNumber) as +91 and its 10 digits; any other as given, trimmed. */
export function toE164(raw: string): string {
  const n = normalizePhoneNumber(raw);
  if (!n) return raw.trim();
  return n.startsWith('+') ? n : `+91${n}`;
}
