// How a list page's URL search is read: small and free of zod, since a route's validateSearch is in the first-load bundle.

/** ?page=: a whole number above 1; the first page is no page at all. */
export function pageParam(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 1 ? n : undefined;
}

/** A row's id in the URL (?telecaller=12): a whole number above 0. */
export function idParam(v: unknown): number | undefined {
  const n = Number(v);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** A search box's text (?q=): trimmed, at most 100 characters; the router reads ?q=123 as a number. */
export function textParam(v: unknown): string | undefined {
  const text = typeof v === 'string' || typeof v === 'number' ? String(v).trim().slice(0, 100) : '';
  return text || undefined;
}

/** One of a fixed set of values (a status filter), or nothing. */
export function oneOf<T extends string>(values: readonly T[], v: unknown): T | undefined {
  return values.find((value) => value === v);
}

/** The search without its empty entries, so the URL carries only what was chosen. */
export function presentOnly<S extends object>(search: S): S {
  return Object.fromEntries(Object.entries(search).filter(([, v]) => v !== undefined && v !== '')) as S;
}

/** Rows on one page of a list, unless the page says otherwise. */
export const LIST_PAGE_SIZE = 20;
