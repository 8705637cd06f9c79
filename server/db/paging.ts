import type { SelectQueryBuilder } from 'kysely';
import type { Page, PageInput } from '../../shared/schemas/paging.js';

/**
 * Runs a filtered query twice: once counted, once for one page. `orderAndSelect` adds the order and
 * the columns to the page query only, so the count stays cheap.
 */
export async function paginate<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  input: Pick<PageInput, 'page' | 'pageSize'>,
  orderAndSelect: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, R>,
): Promise<Page<R>> {
  const [countRow, items] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    orderAndSelect(base).limit(input.pageSize).offset((input.page - 1) * input.pageSize).execute(),
  ]);
  return { items, total: Number((countRow as { total?: number } | undefined)?.total ?? 0), page: input.page, pageSize: input.pageSize };
}
