import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { LEAD_QUEUES } from '../shared/constants.js';
import { queueInput, queuePath } from '../web/src/components/lead-work/queueInput.js';
import { SIGNED_IN_AREA, signedInAreaValue } from '../web/src/lib/signedInArea.js';
import { SESSION_IDLE_MS } from '../shared/constants.js';

// web/public/early.js asks for a page's data before the app's code has arrived; the app takes those
// answers only when they are the very calls it makes. A call here that the page does not make is a
// request for nothing, so each must be one the page's loader makes.
const EARLY = fs.readFileSync(path.resolve(import.meta.dirname, '../web/public/early.js'), 'utf8');

/** What early.js asks for when a page opens at `url`, on a browser where a telecaller is signed in unless `area` says otherwise. */
function earlyCalls(url: string, area: string | null = signedInAreaValue('user')): Array<{ path: string; input?: unknown }> {
  const u = new URL(url, 'http://phone.test');
  const asked: string[] = [];
  const window: Record<string, unknown> = {};
  vm.runInNewContext(EARLY, {
    window,
    location: { pathname: u.pathname, search: u.search },
    performance: { now: () => 0 },
    localStorage: { getItem: (key: string) => (key === SIGNED_IN_AREA ? area : null) },
    fetch: (href: string) => {
      asked.push(href);
      return Promise.resolve();
    },
  });
  expect((window.__earlyAnswers as unknown[] | undefined)?.length ?? 0).toBe(asked.length);
  return asked.map((href) => {
    const a = new URL(href, 'http://phone.test');
    const input = a.searchParams.get('input');
    return { path: a.pathname, ...(input ? { input: JSON.parse(input) } : {}) };
  });
}

describe('early answers (web/public/early.js)', () => {
  it("asks for the dashboard's counts and the bell on the dashboard", () => {
    expect(earlyCalls('/')).toEqual([{ path: '/trpc/dashboard.tiles' }, { path: '/trpc/notifications.bell' }]);
  });

  it.each(LEAD_QUEUES.flatMap((queue) => [false, true].map((isHead) => ({ queue, isHead, url: queuePath(queue, isHead) }))))(
    'asks for the first page of $queue at $url exactly as the page does',
    ({ queue, url }) => {
      expect(earlyCalls(url)).toEqual([{ path: '/trpc/work.queue', input: queueInput(queue, {}) }, { path: '/trpc/notifications.bell' }]);
    },
  );

  it('asks nothing on a browser where no telecaller is signed in or its session went idle (each ask would be a 401), nor where storage is refused', () => {
    for (const url of ['/', queuePath('new', false)]) {
      expect(earlyCalls(url, null), url).toEqual([]);
      expect(earlyCalls(url, signedInAreaValue('subadmin')), url).toEqual([]);
      // The session went idle since this browser last saw it: it has ended, and each ask would be a 401.
      expect(earlyCalls(url, signedInAreaValue('user', Date.now() - SESSION_IDLE_MS - 1000)), url).toEqual([]);
      expect(earlyCalls(url, signedInAreaValue('user', Date.now() - SESSION_IDLE_MS + 60_000)).length, url).toBe(2);
      expect(earlyCalls(url, 'user'), url).toEqual([]);
    }
    const asked: string[] = [];
    vm.runInNewContext(EARLY, {
      window: {},
      location: { pathname: '/', search: '' },
      performance: { now: () => 0 },
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
      },
      fetch: (href: string) => asked.push(href),
    });
    expect(asked).toEqual([]);
  });

  it('leaves a queue opened at another page or with a search, and every other page, to the app', () => {
    for (const url of [
      '/leadspage/leads?page=2',
      '/leadspage/leads?q=%22ravi%22',
      '/leadspage/lead/12',
      '/leadspage/loginhours',
      '/subadmin/dashbord',
      '/signin',
    ]) {
      expect(earlyCalls(url), url).toEqual([]);
    }
  });
});
