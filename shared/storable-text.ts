const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Text as both databases store it. Postgres refuses the NUL character in text and a lone surrogate
 * (half of a UTF-16 pair) in JSON, where SQLite takes both: so everywhere, whatever the database,
 * NUL characters are dropped and a lone surrogate becomes U+FFFD (the replacement character).
 */
export function storableText(text: string): string {
  const withoutNul = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  return withoutNul.replace(LONE_SURROGATE, '\uFFFD');
}

/** Every string in a parsed input (JSON, a query string, form fields) made storable, at any depth. */
export function storableInput(value: unknown): unknown {
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map(storableInput);
  if (value !== null && typeof value === 'object') {
    // Plain objects, and the prototype-less ones query-string parsers make; never a Buffer or a stream.
    const proto = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null && Object.getPrototypeOf(proto) !== null) return value;
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) copy[key] = storableInput(v);
    return copy;
  }
  return value;
}
