import { sql, type SelectQueryBuilder } from 'kysely';
import { AppError } from '../errors.js';
import { MAX_PAGED_ROWS, type Page, type PageInput } from '../../shared/schemas/paging.js';

export const DEEP_PAGE_MESSAGE = `Only the first ${MAX_PAGED_ROWS.toLocaleString('en-US')} rows of a list can be paged through: search or filter to narrow it.`;

/** Where a page starts; a page past the first MAX_PAGED_ROWS rows is refused. */
export function reachableOffset(input: Pick<PageInput, 'page' | 'pageSize'>): number {
  const offset = (input.page - 1) * input.pageSize;
  if (offset >= MAX_PAGED_ROWS) throw new AppError('BAD_REQUEST', DEEP_PAGE_MESSAGE);
  return offset;
}

/** A count that stops past MAX_PAGED_ROWS: what a page's total says, and whether more match. */
export function cappedTotal(counted: number): { total: number; totalCapped?: true } {
  return counted > MAX_PAGED_ROWS ? { total: MAX_PAGED_ROWS, totalCapped: true } : { total: counted };
}

/**
 * Runs a filtered query for one page, and counts it. What one request may cost is bounded: a page
 * starting past MAX_PAGED_ROWS is refused (an offset makes the database walk every row before it),
 * and the count stops there too (`totalCapped` then says there are more); a short page needs no
 * count at all. `orderAndSelect` adds the order and the columns to the page query only, so the
 * count stays cheap.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  input: Pick<PageInput, 'page' | 'pageSize'>,
  orderAndSelect: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<Page<R>> {
  const offset = reachableOffset(input);
  const [items, beyond] = await Promise.all([
    orderAndSelect(base).limit(input.pageSize).offset(offset).execute(),
    base.select(sql<number>`1`.as('beyond')).offset(MAX_PAGED_ROWS).limit(1).executeTakeFirst(),
  ]);
  const page = { items, page: input.page, pageSize: input.pageSize };
  // A short page that is not past the end is the last one: its rows tell how many there are.
  if (items.length < input.pageSize && (items.length > 0 || offset === 0)) return { ...page, ...cappedTotal(offset + items.length) };
  if (beyond) return { ...page, total: MAX_PAGED_ROWS, totalCapped: true };
  // At most MAX_PAGED_ROWS rows match, so counting them is bounded too.
  const countRow = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst();
  return { ...page, total: Number((countRow as { total?: number } | undefined)?.total ?? 0) };
}

/**
 * One page of a list whose count would cost more than its page: the page and one row more, which
 * says whether another page follows (`totalCapped` with a total one past the page then). A list
 * narrowed by a company's field pages this way: counting its matches means a seek per lead of the
 * list, 100 times a page's (docs/lead-fields-lists.md).
 */
export async function pageLookingAhead<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  input: Pick<PageInput, 'page' | 'pageSize'>,
  orderAndSelect: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<Page<R>> {
  const offset = reachableOffset(input);
  const rows = await orderAndSelect(base)
    .limit(input.pageSize + 1)
    .offset(offset)
    .execute();
  const items = rows.slice(0, input.pageSize);
  const more = rows.length > input.pageSize;
  return { items, page: input.page, pageSize: input.pageSize, total: offset + items.length + (more ? 1 : 0), ...(more ? { totalCapped: true } : {}) };
}

/**
 * Lets every request waiting on the event loop (and on the database connection) go first: a
 * long export or report calls it between its chunks, so it never holds the server for long.
 */
export const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * One page whose total is known without counting (kept tallies): the page's rows only, read by
 * `rows(offset)`. The total is capped as paginate's is, so the pages offered are the pages that can
 * be asked for.
 */
export async function pageWithKnownTotal<R>(
  input: Pick<PageInput, 'page' | 'pageSize'>,
  rows: (offset: number) => Promise<R[]>,
  total: Promise<number>,
): Promise<Page<R>> {
  const offset = reachableOffset(input);
  const [items, known] = await Promise.all([rows(offset), total]);
  return { items, page: input.page, pageSize: input.pageSize, ...cappedTotal(known) };
}
