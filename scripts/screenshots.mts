// Screenshots of the screens people use most (the lead form, a queue, the productivity report, the
// admin's sub-admin list, the telecaller's Home and a routed lead, the sub-admin's dashboard and lead
// routing, capture, speed-to-lead and upload pages) at phone and desk widths, on a fresh server with the demo data: run it
// before and after a change that should not change how anything looks, and compare the pictures.
//   npm run screenshots -- <folder>      (default: test-results/screens)
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { openBrowser, startServer } from '../tests/browser/harness.js';
import { field, signInAsSubadmin, signInAsUser } from '../tests/browser/pages.js';
import { DEMO } from '../seed/demo.js';
import { callTrpc } from '../tests/browser/api.js';

const out = path.resolve(process.argv[2] ?? 'test-results/screens');
fs.mkdirSync(out, { recursive: true });
const WIDTHS = { phone: { width: 390, height: 844 }, desk: { width: 1280, height: 800 } };

const server = await startServer();
try {
  const routed = await routeACapturedLead(server.base);
  for (const [size, viewport] of Object.entries(WIDTHS)) {
    const browser = await openBrowser(viewport, size === 'phone' ? { isMobile: true, hasTouch: true } : {});
    const shot = async (page: Page, name: string) => {
      // Fonts and the last answers in before the picture.
      await page.waitForLoadState('networkidle');
      await page.screenshot({ path: path.join(out, `${name}-${size}.png`), fullPage: true });
    };
    try {
      const telecaller = await browser.newPage();
      await signInAsUser(telecaller, server.base, DEMO.telecaller);
      await telecaller.getByText('Your speed to lead today').waitFor();
      await shot(telecaller, 'home');
      await telecaller.goto(`${server.base}/leadspage/lead/${routed}?queue=new`);
      await telecaller.getByText('Screenshot Captured').first().waitFor();
      await shot(telecaller, 'lead-routed');
      await telecaller.goto(`${server.base}/leadspage/pendingleads`);
      const card = telecaller.getByRole('article').first();
      await card.waitFor();
      await shot(telecaller, 'queue-pending');
      await card
        .getByRole('link')
        .filter({ hasText: /Process Lead|Call Back/ })
        .first()
        .click();
      await telecaller.getByRole('button', { name: 'Submit' }).waitFor();
      await shot(telecaller, 'lead-form');
      await telecaller.close();
      await browser.clearCookies();

      const owner = await browser.newPage();
      await signInAsSubadmin(owner, server.base);
      await owner.goto(`${server.base}/subadmin/Leads/productivity`);
      await owner.getByRole('table').first().waitFor();
      await shot(owner, 'productivity');
      const pages: [string, string][] = [
        ['dashbord', 'subadmin-dashboard'],
        ['lead-routing', 'lead-routing'],
        ['lead-capture', 'lead-capture'],
        ['speed-to-lead', 'speed-to-lead'],
        ['uploaddata', 'upload'],
      ];
      for (const [page, name] of pages) {
        await owner.goto(`${server.base}/subadmin/${page}`);
        await owner.getByRole('heading').first().waitFor();
        await shot(owner, name);
      }
      await owner.close();
      await browser.clearCookies();

      const admin = await browser.newPage();
      await admin.goto(`${server.base}/adminsignin`);
      await field(admin, 'Email').fill(DEMO.admin.email);
      await field(admin, 'Password').fill(DEMO.admin.password);
      await admin.getByRole('button', { name: 'SIGN IN' }).click();
      await admin.waitForURL(/\/admin$/);
      await admin.goto(`${server.base}/admin/subadmin-list`);
      await admin.getByRole('row', { name: /Sunrise Telecalling/ }).waitFor();
      await shot(admin, 'subadmin-list');
    } finally {
      await browser.close();
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await server.stop();
}

/**
 * The demo company routes captured leads all day, every day, with a rule sending "Baner, Pune" to the
 * demo telecaller, and its CRM sends one: a lead whose history has a routing event. Answers its id.
 */
async function routeACapturedLead(base: string): Promise<number> {
  const res = await fetch(`${base}/api/webapi/subadmin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO.subadmin),
  });
  const token = ((await res.json()) as { token: string }).token;
  const settings = await callTrpc(base, token, 'query', 'routing.settings');
  const { timeZone: _, ...kept } = settings;
  await callTrpc(base, token, 'mutation', 'routing.saveSettings', {
    ...kept,
    routeCapture: true,
    workDays: [1, 2, 3, 4, 5, 6, 7],
    workStart: '00:00',
    workEnd: '23:59',
  });
  const people = await callTrpc(base, token, 'query', 'routing.availability');
  const rahul = people.people.find((p) => p.name === 'Rahul Verma')!;
  await callTrpc(base, token, 'mutation', 'routing.createRule', { field: 'area', match: 'is', value: 'Baner, Pune', userIds: [rahul.id] });
  const key = await callTrpc(base, token, 'mutation', 'capture.create', { kind: 'api', name: 'Company CRM' });
  const sent = await fetch(`${base}/api/capture/leads`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Screenshot Captured', mobile: '9822012345', requirement: 'Rooftop solar, 3 kW', area: 'Baner, Pune', source: 'Website' }),
  });
  const answer = (await sent.json()) as { leadId: number; status: string };
  if (answer.status !== 'routed') throw new Error(`the captured lead was not routed: ${JSON.stringify(answer)}`);
  return answer.leadId;
}
