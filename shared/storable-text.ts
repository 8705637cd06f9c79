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

/**
 * Every string in a parsed input (JSON, a query string, form fields) made storable, at any depth. An
 * input with nothing to change (nearly every one) is answered as it is, after a look at each string:
 * its schema then checks its shape before anything is copied. Otherwise a copy is built from a work
 * list, not by recursion, as input nested thousands deep would overflow the stack.
 */
export function storableInput(value: unknown): unknown {
  return hasUnstorableText(value) ? storableCopy(value) : value;
}

const UNSTORABLE = new RegExp(`\u0000|${LONE_SURROGATE.source}`);

/** Whether any string in the input holds a NUL or a lone surrogate. */
function hasUnstorableText(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (UNSTORABLE.test(item)) return true;
    } else if (Array.isArray(item)) {
      for (const v of item)
        if (v !== null && typeof v === 'object') pending.push(v);
        else if (typeof v === 'string' && UNSTORABLE.test(v)) return true;
    } else if (isPlainObject(item)) {
      for (const k in item) {
        const v = (item as Record<string, unknown>)[k];
        if (v !== null && typeof v === 'object') pending.push(v);
        else if (typeof v === 'string' && UNSTORABLE.test(v)) return true;
      }
    }
  }
  return false;
}

function storableCopy(value: unknown): unknown {
  const root: { value?: unknown } = {};
  const pending: Array<[source: unknown, target: object, key: string | number]> = [[value, root, 'value']];
  while (pending.length > 0) {
    const [source, target, key] = pending.pop()!;
    let copy = source;
    if (typeof source === 'string') {
      copy = storableText(source);
    } else if (Array.isArray(source)) {
      const items: unknown[] = new Array(source.length);
      source.forEach((item, i) => {
        pending.push([item, items, i]);
      });
      copy = items;
    } else if (isPlainObject(source)) {
      const fields: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(source)) pending.push([v, fields, k]);
      copy = fields;
    }
    // Defined, not assigned: a "__proto__" key of parsed JSON stays a key and never becomes the prototype.
    Object.defineProperty(target, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return root.value;
}

/** Plain objects, and the prototype-less ones query-string parsers make; never a Buffer, a stream or a Date. */
function isPlainObject(value: unknown): value is object {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}
