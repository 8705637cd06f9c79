import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsDemo } from './pages.js';

// At a desk (1280 px) the widest tables show every column as it first opens: the row actions stay
// pinned at the right but cover no data column, and no cell's words are cut. On a phone (390 px)
// they scroll sideways inside their frame, the page itself never.

const env = serverAndBrowser();

const signIn = (page: Page, who: 'admin' | 'subadmin') => signInAsDemo(page, env.server.base, who);

/** Each named column's header and cells, as first shown: hidden by the frame or under the actions column, or with its words cut. */
function hiddenCells(page: Page, table: string, columns: string[]): Promise<string[]> {
  return page.evaluate(
    ({ table, columns }) => {
      const el = document.querySelector(`table[aria-label="${table}"]`);
      if (!el) return [`no table "${table}"`];
      const problems: string[] = [];
      let frame: HTMLElement | null = el.parentElement;
      while (frame && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(frame).overflowX)) frame = frame.parentElement;
      const f = frame?.getBoundingClientRect() ?? { left: 0, right: window.innerWidth };
      const headers = [...el.querySelectorAll('thead th')];
      // The row actions: the last column, pinned (sticky) at the right from tablet width up.
      const last = headers[headers.length - 1];
      const hasActions = last !== undefined && getComputedStyle(last).position === 'sticky';
      const rows = [el.querySelector('thead tr')!, ...el.querySelectorAll('tbody tr')];
      const cut = (cell: Element) =>
        [cell, ...cell.querySelectorAll('*')].find((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible') ??
        [...cell.querySelectorAll('*')].find((e) => getComputedStyle(e).textOverflow === 'ellipsis' && e.scrollWidth > e.clientWidth);
      for (const name of columns) {
        const index = headers.findIndex((h) => h.textContent?.trim() === name);
        if (index < 0) {
          problems.push(`${table}: no column "${name}"`);
          continue;
        }
        rows.forEach((row, r) => {
          const cells = [...row.children];
          const cell = cells[index];
          if (!cell) return;
          const where = `${table}: "${name}" ${r === 0 ? 'header' : `row ${r}`}`;
          const c = cell.getBoundingClientRect();
          if (c.left < f.left - 1 || c.right > f.right + 1)
            problems.push(`${where} is outside the frame (${Math.round(c.left)}–${Math.round(c.right)} in ${Math.round(f.left)}–${Math.round(f.right)})`);
          const actions = hasActions ? cells[cells.length - 1]!.getBoundingClientRect() : null;
          if (actions && c.right > actions.left + 1)
            problems.push(`${where} runs under the actions column (${Math.round(c.right)} > ${Math.round(actions.left)})`);
          const x = cut(cell);
          if (x) problems.push(`${where} is cut: ${x.scrollWidth}px of words in ${x.clientWidth}px ("${cell.textContent?.trim().slice(0, 30)}")`);
        });
      }
      return problems;
    },
    { table, columns },
  );
}

const noSidewaysPage = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

async function check(page: Page, path: string, table: string, columns: string[], shot: string) {
  await page.goto(`${env.server.base}${path}`);
  await page.locator(`table[aria-label="${table}"] tbody tr td`).first().waitFor();
  await page.waitForTimeout(300);
  await snap(page, shot);
  expect(await hiddenCells(page, table, columns), `${path} at ${page.viewportSize()!.width} px`).toEqual([]);
  expect(await noSidewaysPage(page)).toBe(true);
}

describe('wide tables at a desk (1280 px) and on a phone (390 px)', () => {
  it('All Subadmins: GST and Status beside the row actions', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signIn(page, 'admin');
    await check(page, '/admin/subadmin-list', 'Subadmins', ['Name', 'Email', 'Company', 'Mobile', 'Expiry Date', 'GST', 'Status'], 'wide-subadmins-1280');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('Pending Project Updates (End Time, Asked) and the upload history (When)', async () => {
    const page = await freshPage(env.browser, { width: 1280, height: 800 });
    await signIn(page, 'subadmin');
    await check(
      page,
      '/subadmin/payment',
      'Pending project updates',
      ['Telecaller', 'Project', 'Total Price', 'Received', 'Pending', 'Commission', 'End Time', 'Asked'],
      'wide-updates-1280',
    );
    await check(page, '/subadmin/uploaddata', 'Upload history', ['When'], 'wide-uploads-1280');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });

  it('on a phone the same tables scroll inside their frame and the page does not', async () => {
    const page = await freshPage(env.browser, { width: 390, height: 844 });
    await signIn(page, 'subadmin');
    for (const [path, table] of [
      ['/subadmin/payment', 'Pending project updates'],
      ['/subadmin/uploaddata', 'Upload history'],
    ] as const) {
      await page.goto(`${env.server.base}${path}`);
      await page.locator(`table[aria-label="${table}"] tbody tr td`).first().waitFor();
      await page.waitForTimeout(300);
      expect(await noSidewaysPage(page), path).toBe(true);
      expect(
        await hiddenCells(
          page,
          table,
          ['When', 'Asked'].filter((c) => (table === 'Upload history') === (c === 'When')),
        ).then((p) => p.filter((x) => /is cut/.test(x))),
        path,
      ).toEqual([]);
    }
    await snap(page, 'wide-uploads-390');
    expect(errorsOf(page)).toEqual([]);
    await page.close();
  });
});
