import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { serverAndBrowser, snap } from './harness.js';
import { errorsOf, freshPage, signInAsDemo } from './pages.js';

// The widest tables must show everything from a phone to a large screen: the page itself never
// scrolls sideways, a table wider than its frame scrolls inside it with a scrollbar one can see,
// its last column can be brought into view, and the row actions can be reached and clicked
// (from tablet width up without scrolling sideways at all).

const env = serverAndBrowser();

const WIDTHS = [360, 1280];

const signIn = (page: Page, who: 'admin' | 'subadmin') => signInAsDemo(page, env.server.base, who);

/** Everything the page's visible tables hide beyond reach; an empty list when nothing is. */
function findCutOff(page: Page, pinnedActions: boolean): Promise<string[]> {
  return page.evaluate((pinnedActions) => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const doc = document.scrollingElement!;
    if (doc.scrollWidth > vw) problems.push(`the page scrolls sideways: ${doc.scrollWidth}px in ${vw}px`);

    const describe = (el: Element) => `"${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    const frameOf = (el: Element): HTMLElement | null => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const o = getComputedStyle(p).overflowX;
        if (o === 'auto' || o === 'scroll' || o === 'hidden' || o === 'clip') return p;
      }
      return null;
    };
    const shown = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && Number(s.opacity) > 0.1;
    };
    // A scrollbar one can see: the browser's own, or a drawn one (Mantine's ScrollArea) beside the frame.
    const hasVisibleScrollbar = (frame: HTMLElement) => {
      if (frame.offsetHeight - frame.clientHeight > 4 && getComputedStyle(frame).scrollbarWidth !== 'none') return true;
      const root = frame.parentElement!;
      return [...root.querySelectorAll('[data-orientation="horizontal"]')].some((bar) => {
        if (!shown(bar)) return false;
        const thumb = bar.firstElementChild;
        return !thumb || shown(thumb);
      });
    };
    /** Is el fully inside the frame's visible part and the window, and the thing a click there hits? */
    const reachable = (el: Element, frame: HTMLElement | null): string | null => {
      const r = el.getBoundingClientRect();
      const f = frame?.getBoundingClientRect() ?? { left: 0, right: vw };
      const left = Math.max(0, f.left);
      const right = Math.min(vw, f.right);
      if (r.left < left - 1 || r.right > right + 1)
        return `outside ${Math.round(left)}–${Math.round(right)}px (at ${Math.round(r.left)}–${Math.round(r.right)}px)`;
      if (r.top < 0 || r.bottom > window.innerHeight) return `off the window vertically (at ${Math.round(r.top)}px)`;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      if (!hit || !(el === hit || el.contains(hit))) return `covered by ${hit ? `${hit.tagName}.${hit.className} ${describe(hit)}` : 'nothing'}`;
      return null;
    };
    /** A button narrower than its words (a cell too narrow for its buttons cuts them: "Complet"). */
    const squeezed = (el: Element): string | null => {
      const cut = [el, ...el.querySelectorAll('*')].find((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible');
      return cut ? `is cut: ${cut.scrollWidth}px of words in ${cut.clientWidth}px` : null;
    };
    const centreVertically = (el: Element) => {
      const r = el.getBoundingClientRect();
      window.scrollBy(0, r.top + r.height / 2 - window.innerHeight / 2);
    };

    const tables = [...document.querySelectorAll('table')].filter(shown);
    if (tables.length === 0) problems.push('no table is shown');
    for (const table of tables) {
      const name = table.getAttribute('aria-label') ?? `table ${tables.indexOf(table) + 1}`;
      const frame = frameOf(table);
      if (frame) {
        const f = frame.getBoundingClientRect();
        if (f.left < -1 || f.right > vw + 1) problems.push(`${name}: its frame reaches past the window (${Math.round(f.left)}–${Math.round(f.right)}px)`);
        if (frame.scrollWidth > frame.clientWidth + 1 && !hasVisibleScrollbar(frame)) {
          problems.push(`${name}: ${frame.scrollWidth - frame.clientWidth}px of it are hidden and no scrollbar shows`);
        }
      } else if (table.getBoundingClientRect().right > vw + 1) {
        problems.push(`${name}: wider than the window`);
      }

      const headers = [...table.querySelectorAll('thead th')].filter(shown);
      const last = headers[headers.length - 1];
      if (last) {
        last.scrollIntoView({ block: 'center', inline: 'nearest' });
        const why = reachable(last, frame);
        if (why) problems.push(`${name}: last column header ${describe(last)} ${why}`);
      }

      const rows = [...table.querySelectorAll('tbody tr')].filter(shown);
      for (const row of rows) {
        const cells = [...row.querySelectorAll(':scope > td')].filter(shown);
        const lastCell = cells[cells.length - 1];
        const actions = lastCell ? [...lastCell.querySelectorAll('button, a')].filter(shown) : [];
        for (const action of actions) {
          if (pinnedActions && frame) {
            // From tablet width up the actions stay in view with the table scrolled to its start.
            frame.scrollLeft = 0;
            centreVertically(action);
          } else {
            action.scrollIntoView({ block: 'center', inline: 'nearest' });
          }
          const why = reachable(action, frame) ?? squeezed(action);
          if (why) problems.push(`${name}: ${describe(action)} in row ${rows.indexOf(row) + 1} ${why}`);
        }
      }
      if (frame) frame.scrollLeft = 0;
    }
    window.scrollTo(0, 0);
    return problems;
  }, pinnedActions);
}

async function expectNothingCutOff(page: Page, path: string, width: number, shot: string) {
  if (path) await page.goto(`${env.server.base}${path}`);
  await page.locator('table tbody tr td').first().waitFor();
  // Fonts and the scrollbars settle a frame after the rows arrive.
  await page.waitForTimeout(300);
  const problems = await findCutOff(page, width >= 768);
  if (problems.length) await snap(page, `tables-${shot}-${width}`);
  expect(problems, `${path || shot} at ${width}px`).toEqual([]);
}

describe('tables from 360 to 1280 px', () => {
  for (const width of WIDTHS) {
    it(`admin tables at ${width} px: subadmins (with the edit action) and pending complaints`, async () => {
      const page = await freshPage(env.browser, { width, height: 800 });
      await signIn(page, 'admin');
      await expectNothingCutOff(page, '/admin/subadmin-list', width, 'subadmins');
      await page.getByRole('button', { name: 'Edit' }).first().click();
      await page.getByRole('dialog').waitFor();
      await page.keyboard.press('Escape');
      await expectNothingCutOff(page, '/admin/subadmin-camplaints/pending', width, 'admin-complaints');
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });

    it(`sub-admin tables at ${width} px: upload history, uploaded leads, telecallers, a pending-leads drill-down, complaints`, async () => {
      const page = await freshPage(env.browser, { width, height: 800 });
      await signIn(page, 'subadmin');
      await expectNothingCutOff(page, '/subadmin/uploaddata', width, 'upload-history');
      await page
        .getByRole('button', { name: /^View the report of/ })
        .first()
        .click();
      await page.getByRole('dialog', { name: 'Upload report' }).waitFor();
      await page.keyboard.press('Escape');
      await expectNothingCutOff(page, '/subadmin/Leads/myuploadleads', width, 'uploaded-leads');
      await expectNothingCutOff(page, '/subadmin/telicallerlist/alltelicaller', width, 'telecallers');
      await expectNothingCutOff(page, '/subadmin/Leads/pendingleads', width, 'pending-by-telecaller');
      await page
        .getByRole('button', { name: /^View leads of/i })
        .first()
        .click();
      await page.waitForURL(/telecaller=\d+/);
      await expectNothingCutOff(page, '', width, 'pending-drill-down');
      await expectNothingCutOff(page, '/subadmin/sendcomplain/pending', width, 'subadmin-complaints');
      await expectNothingCutOff(page, '/subadmin/telicallerComplain/pending', width, 'telecaller-complaints');
      await expectNothingCutOff(page, '/subadmin/SubProject/createproject', width, 'running-projects');
      await expectNothingCutOff(page, '/subadmin/payment', width, 'pending-project-updates');
      await expectNothingCutOff(page, '/subadmin/products', width, 'products');
      expect(errorsOf(page)).toEqual([]);
      await page.close();
    });
  }
});
