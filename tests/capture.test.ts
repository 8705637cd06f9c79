// The lead capture endpoints (docs/lead-capture.md), called as other sites and servers call them:
// POST /api/capture/leads with an API key, and a website form's POST /api/capture/form/:formKey.
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dialects, testAppFor, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { insertLead, uniqueMobile } from './helpers/fixtures.js';
import { mutate, type Session } from './helpers/http.js';
import { CAPTURE_MESSAGES } from '../shared/schemas/capture.js';
import { leadAlerts, type LeadAlert } from '../server/services/alerts/alerts.js';
import { addDays, todayIn } from '../shared/dates.js';

const CROSS_SITE = { origin: 'https://shop.example', 'sec-fetch-site': 'cross-site', referer: 'https://shop.example/contact' };
// 2026-11-23 is a Monday; noon in Kolkata, inside the default working hours.
const MONDAY_NOON_IST = new Date('2026-11-23T06:30:00Z');

async function newKey(app: FastifyInstance, owner: Session, kind: 'api' | 'form', thankYouUrl?: string) {
  const res = await mutate(app, 'capture.create', { kind, name: kind === 'api' ? 'CRM' : 'Contact page', thankYouUrl }, owner);
  if (res.status !== 200) throw new Error(`key not made: ${JSON.stringify(res.error)}`);
  return res.data;
}

function postLead(app: FastifyInstance, key: string | null, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/capture/leads',
    headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

function postForm(app: FastifyInstance, formKey: string, fields: Record<string, string>, opts: Partial<InjectOptions> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api/capture/form/${formKey}`,
    headers: { ...CROSS_SITE, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
    ...opts,
  });
}

const leadsOf = (t: TestApp, subadminId: number) => t.deps.db.selectFrom('leads').selectAll().where('subadmin_id', '=', subadminId).orderBy('id').execute();

async function routeCapturedLeads(t: TestApp, subadminId: number) {
  await t.deps.db.insertInto('routing_settings').values({ subadmin_id: subadminId, route_capture: 1, updated_at: new Date().toISOString() }).execute();
}

describe.each(dialects)('lead capture API on %s', (dialect) => {
  const t = testAppFor(dialect);
  afterEach(() => {
    vi.useRealTimers();
  });

  it("makes the lead in the key's company, from another site, with either header; the key's last use is recorded", async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const res = await postLead(
      t.app,
      key.secret,
      { name: ' Ravi Kumar ', mobile: '+91 98765-43210', requirement: 'A 2BHK flat', area: 'Whitefield', language: 'Kannada', externalId: 'crm-1' },
      // a signed-in sub-admin's cookie rides along, as from a browser: it is not what authenticates
      { ...CROSS_SITE, cookie: owner.cookie },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    const answer = res.json();
    expect(answer).toEqual({ leadId: expect.any(Number), status: 'pool', routedTo: null });
    const [lead] = await leadsOf(t, company.id);
    expect(lead).toMatchObject({
      id: answer.leadId,
      name: 'Ravi Kumar',
      mobile: '9876543210',
      requirement: 'A 2BHK flat',
      area: 'Whitefield',
      category: 'Website',
      language: 'Kannada',
      source_ref: 'capture:crm-1',
      telicaller_id: null,
    });

    const byHeader = await postLead(t.app, null, { name: 'Meena', mobile: 9812345678, source: 'indiamart' }, { 'x-api-key': key.secret, ...CROSS_SITE });
    expect(byHeader.statusCode).toBe(201);
    const second = (await leadsOf(t, company.id)).find((l) => l.id === byHeader.json().leadId);
    expect(second).toMatchObject({ mobile: '9812345678', category: 'IndiaMART', requirement: '', area: '', source_ref: null });

    const used = await t.deps.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).toEqual(expect.any(String));

    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/capture/leads',
      headers: { ...CROSS_SITE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, content-type' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': '*', 'access-control-allow-methods': 'POST' });
    expect(String(preflight.headers['access-control-allow-headers'])).toMatch(/Authorization.*X-API-Key.*Content-Type/);

    // The exemption is these routes alone: a cross-site change elsewhere, cookie and all, is refused still.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/createUser',
      headers: { ...CROSS_SITE, cookie: owner.cookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(elsewhere.statusCode).toBe(403);
  });

  it("writes a key's last use at most once a minute", async () => {
    const { owner } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const lastUsed = async () =>
      (await t.deps.db.selectFrom('api_keys').select('last_used_at').where('id', '=', key.id).executeTakeFirstOrThrow()).last_used_at;
    expect((await postLead(t.app, key.secret, { name: 'A', mobile: uniqueMobile() })).statusCode).toBe(201);
    const first = await lastUsed();
    expect(first).toEqual(expect.any(String));
    await new Promise((r) => setTimeout(r, 5));
    expect((await postLead(t.app, key.secret, { name: 'B', mobile: uniqueMobile() })).statusCode).toBe(201);
    expect(await lastUsed()).toBe(first);
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString();
    await t.deps.db.updateTable('api_keys').set({ last_used_at: twoMinutesAgo }).where('id', '=', key.id).execute();
    expect((await postLead(t.app, key.secret, { name: 'C', mobile: uniqueMobile() })).statusCode).toBe(201);
    expect((await lastUsed())! > twoMinutesAgo).toBe(true);
  });

  it("makes a mobile another company holds in the key's company, leaving the other's lead untouched", async () => {
    const a = await signedInCompany(t);
    const b = await signedInCompany(t);
    const mobile = uniqueMobile();
    const theirs = await insertLead(t.deps.db, b.company.id, { name: 'Their customer', mobile, source_ref: 'capture:shared-1' });
    const before = await leadsOf(t, b.company.id);
    const key = await newKey(t.app, a.owner, 'api');
    const res = await postLead(t.app, key.secret, { name: 'Our enquiry', mobile, externalId: 'shared-1' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pool' });
    expect(res.json().leadId).not.toBe(theirs);
    expect(await leadsOf(t, a.company.id)).toMatchObject([{ id: res.json().leadId, name: 'Our enquiry', mobile, source_ref: 'capture:shared-1' }]);
    expect(await leadsOf(t, b.company.id)).toEqual(before);
    // The same mobile again is a repeat enquiry on the company's own lead, not another lead.
    const again = await postLead(t.app, key.secret, { name: 'Our enquiry', mobile });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ leadId: res.json().leadId, status: 'repeat' });
    expect(await leadsOf(t, a.company.id)).toHaveLength(1);
    expect(await leadsOf(t, b.company.id)).toEqual(before);
  });

  it('answers a retry with the same externalId with the same lead, making nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const body = { name: 'Ravi', mobile: uniqueMobile(), externalId: 'crm-42' };
    const first = await postLead(t.app, key.secret, body);
    expect(first.statusCode).toBe(201);
    const retry = await postLead(t.app, key.secret, body);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual(first.json());
    // The same enquiry id with a corrected mobile is still the same enquiry.
    const corrected = await postLead(t.app, key.secret, { ...body, mobile: uniqueMobile() });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json().leadId).toBe(first.json().leadId);
    expect(await leadsOf(t, company.id)).toHaveLength(1);
  });

  it("answers a retried repeat enquiry as the first time, leaving the telecaller's work on the lead as it is", async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY_NOON_IST });
    const { owner, caller, company } = await signedInCompany(t);
    await routeCapturedLeads(t, company.id);
    const key = await newKey(t.app, owner, 'api');
    const mobile = uniqueMobile();
    const first = await postLead(t.app, key.secret, { name: 'Ravi', mobile, requirement: 'A 2BHK flat', externalId: 'crm-1' });
    expect(first.json()).toMatchObject({ status: 'routed' });
    const leadId = first.json().leadId;
    const repeat = await postLead(t.app, key.secret, { name: 'Ravi', mobile, requirement: 'Now a 3BHK', externalId: 'crm-2' });
    expect(repeat.statusCode).toBe(201);
    expect(repeat.json()).toMatchObject({ leadId, status: 'repeat' });

    const callbackDate = addDays(todayIn('Asia/Kolkata', MONDAY_NOON_IST), 1);
    const submit = await mutate(
      t.app,
      'work.submit',
      { leadId, status: '4', feedback: 'Follow-up Option', callback: true, callback_date: callbackDate, callback_time: '11:00', call_duration: 30 },
      caller,
    );
    expect(submit.status, JSON.stringify(submit.error)).toBe(200);
    const worked = (await leadsOf(t, company.id))[0]!;
    expect(worked).toMatchObject({ status: '4', callback_date: callbackDate, callback_time: '11:00' });

    const alerts: LeadAlert[] = [];
    const listen = (a: LeadAlert) => alerts.push(a);
    leadAlerts.on('alert', listen);
    try {
      // The CRM lost the answer and posts crm-2 again: the same answer, and nothing changes.
      const retry = await postLead(t.app, key.secret, { name: 'Ravi', mobile, requirement: 'Now a 3BHK', externalId: 'crm-2' });
      expect(retry.statusCode).toBe(200);
      expect(retry.json()).toEqual(repeat.json());
    } finally {
      leadAlerts.off('alert', listen);
    }
    expect(alerts.filter((a) => a.leadId === leadId)).toEqual([]);
    expect(await leadsOf(t, company.id)).toEqual([worked]);
    const events = await t.deps.db.selectFrom('lead_events').select(['kind', 'detail']).where('lead_id', '=', leadId).orderBy('id').execute();
    expect(events.filter((e) => e.kind === 'repeat_enquiry')).toEqual([{ kind: 'repeat_enquiry', detail: 'Now a 3BHK' }]);
  });

  it('records a repeat enquiry sent twice at once only once', async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const mobile = uniqueMobile();
    const leadId = (await postLead(t.app, key.secret, { name: 'Ravi', mobile, externalId: 'crm-1' })).json().leadId;
    const both = await Promise.all([0, 1].map(() => postLead(t.app, key.secret, { name: 'Ravi', mobile, requirement: 'Again', externalId: 'crm-2' })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    for (const r of both) expect(r.json()).toMatchObject({ leadId, status: 'repeat' });
    const events = await t.deps.db.selectFrom('lead_events').select('kind').where('lead_id', '=', leadId).where('kind', '=', 'repeat_enquiry').execute();
    expect(events).toHaveLength(1);
    expect(await leadsOf(t, company.id)).toHaveLength(1);
  });

  it('says what became of the lead: routed to whom, or waiting for someone', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: MONDAY_NOON_IST });
    const routed = await signedInCompany(t);
    await routeCapturedLeads(t, routed.company.id);
    const caller = await t.deps.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('subadmin_id', '=', routed.company.id)
      .where('user_type', '=', 'Telicaller')
      .executeTakeFirstOrThrow();
    const key = await newKey(t.app, routed.owner, 'api');
    const res = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile() });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ leadId: expect.any(Number), status: 'routed', routedTo: { id: caller.id, name: caller.name } });
    expect((await leadsOf(t, routed.company.id))[0]).toMatchObject({ telicaller_id: caller.id });

    const nobody = await signedInCompany(t);
    await routeCapturedLeads(t, nobody.company.id);
    await t.deps.db.updateTable('users').set({ on_break: 1 }).where('subadmin_id', '=', nobody.company.id).execute();
    const waiting = await postLead(t.app, (await newKey(t.app, nobody.owner, 'api')).secret, { name: 'Asha', mobile: uniqueMobile() });
    expect(waiting.json()).toMatchObject({ status: 'waiting', routedTo: null });
  });

  it('refuses a bad mobile, a missing name and a body that is not JSON with 400, making nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const bad = await postLead(t.app, key.secret, { name: 'Ravi', mobile: '12345' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      status: false,
      success: false,
      message: 'Enter a valid 10-digit mobile number.',
      fieldErrors: { mobile: 'Enter a valid 10-digit mobile number.' },
    });
    const noName = await postLead(t.app, key.secret, { mobile: uniqueMobile() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Name is required.');
    const longId = await postLead(t.app, key.secret, { name: 'Ravi', mobile: uniqueMobile(), externalId: 'x'.repeat(101) });
    expect(longId.json().message).toBe('externalId must be at most 100 characters.');
    const notJson = await postLead(t.app, key.secret, '{"name": "Ravi",');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toEqual({ status: false, success: false, message: 'The body is not valid JSON.' });
    const asForm = await postLead(t.app, key.secret, 'name=Ravi&mobile=9876543210', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(asForm.statusCode).toBe(415);
    expect(asForm.json().message).toBe('Send the lead as JSON (Content-Type: application/json).');
    const asText = await postLead(t.app, key.secret, 'name=Ravi', { 'content-type': 'text/plain' });
    expect(asText.statusCode).toBe(415);
    expect(await leadsOf(t, company.id)).toEqual([]);
  });

  it('refuses no key, an unknown or revoked key and a form key with 401, and a blocked company with 403', async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    const form = await newKey(t.app, owner, 'form');
    const lead = { name: 'Ravi', mobile: uniqueMobile() };
    const refused = async (secret: string | null, message: string, status = 401) => {
      const res = await postLead(t.app, secret, lead);
      expect(res.statusCode, message).toBe(status);
      expect(res.json(), message).toEqual({ status: false, success: false, message });
    };
    await refused(null, CAPTURE_MESSAGES.noKey);
    await refused(`${key.secret.slice(0, -1)}x`, CAPTURE_MESSAGES.badKey);
    await refused(form.secret, CAPTURE_MESSAGES.formKeyOnApi);
    expect((await mutate(t.app, 'capture.revoke', { id: key.id }, owner)).status).toBe(200);
    await refused(key.secret, CAPTURE_MESSAGES.badKey);

    const live = await newKey(t.app, owner, 'api');
    await t.deps.db.updateTable('subadmins').set({ is_blocked: 1 }).where('id', '=', company.id).execute();
    await refused(live.secret, 'Your company account is blocked. Please contact the administrator.', 403);
    expect(await leadsOf(t, company.id)).toEqual([]);
  });
});

describe.each(dialects)('lead capture API limits on %s', (dialect) => {
  const t = testAppFor(dialect, { CAPTURE_RATE_PER_MINUTE: '60', CAPTURE_RATE_BURST: '3' });

  it('allows a burst per key, then answers 429 with Retry-After; another key has its own', async () => {
    const { owner, company } = await signedInCompany(t);
    const key = await newKey(t.app, owner, 'api');
    for (let i = 0; i < 3; i++) expect((await postLead(t.app, key.secret, { name: `Lead ${i}`, mobile: uniqueMobile() })).statusCode).toBe(201);
    const over = await postLead(t.app, key.secret, { name: 'One too many', mobile: uniqueMobile() });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('1');
    expect(over.json()).toEqual({ status: false, success: false, message: CAPTURE_MESSAGES.tooMany });
    expect(await leadsOf(t, company.id)).toHaveLength(3);
    const other = await newKey(t.app, owner, 'api');
    expect((await postLead(t.app, other.secret, { name: 'Other key', mobile: uniqueMobile() })).statusCode).toBe(201);
    // A token comes back each second at 60 a minute.
    await new Promise((r) => setTimeout(r, 1050));
    expect((await postLead(t.app, key.secret, { name: 'Later', mobile: uniqueMobile() })).statusCode).toBe(201);
  });
});

describe.each(dialects)('website form on %s', (dialect) => {
  const t = testAppFor(dialect);

  it("sends the visitor to the key's thank-you page and makes the lead, posted from the company's site", async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form', 'https://shop.example/thanks?from=form');
    const res = await postForm(t.app, form.secret, { name: 'Ravi Kumar', mobile: '098765 43210', requirement: 'Call after 5', area: 'Pune', website: '' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('https://shop.example/thanks?from=form');
    expect(await leadsOf(t, company.id)).toMatchObject([
      { name: 'Ravi Kumar', mobile: '9876543210', requirement: 'Call after 5', area: 'Pune', category: 'Website', source_ref: null },
    ]);
  });

  it('without a thank-you page, sends the visitor to the built-in one', async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form');
    const res = await postForm(t.app, form.secret, { name: 'Asha', mobile: uniqueMobile() });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/api/capture/thank-you');
    const page = await t.app.inject({ method: 'GET', url: res.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<h1>Thank you</h1>');
    expect(await leadsOf(t, company.id)).toHaveLength(1);
  });

  it('answers a filled honeypot as a success and makes nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form', 'https://shop.example/thanks');
    const res = await postForm(t.app, form.secret, { name: 'Bot', mobile: uniqueMobile(), website: 'https://spam.example' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('https://shop.example/thanks');
    expect(await leadsOf(t, company.id)).toEqual([]);
  });

  it('shows a bad field on a small page with a way back, and makes nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form');
    const res = await postForm(t.app, form.secret, { name: 'Ravi', mobile: '12345' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Enter a valid 10-digit mobile number.');
    expect(res.body).toContain('<a href="https://shop.example/contact">Go back to the form</a>');
    expect(res.body).not.toMatch(/\bat \w+ \(|"status"|<script/);
    const noName = await postForm(t.app, form.secret, { mobile: uniqueMobile() });
    expect(noName.body).toContain('Name is required.');
    const asText = await postForm(t.app, form.secret, {}, { headers: { ...CROSS_SITE, 'content-type': 'text/plain' }, payload: 'name=Ravi' });
    expect(asText.statusCode).toBe(415);
    expect(asText.body).toContain('The form could not be read. Please try again.');
    expect(await leadsOf(t, company.id)).toEqual([]);
  });

  it('refuses an API key, a revoked form key and an unknown one on a page, making nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const api = await newKey(t.app, owner, 'api');
    const form = await newKey(t.app, owner, 'form');
    await mutate(t.app, 'capture.revoke', { id: form.id }, owner);
    for (const key of [api.secret, form.secret, 'tcb_form_nothing']) {
      const res = await postForm(t.app, key, { name: 'Ravi', mobile: uniqueMobile() });
      expect(res.statusCode, key).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(CAPTURE_MESSAGES.badFormKey);
    }
    expect(await leadsOf(t, company.id)).toEqual([]);
  });

  it('takes 5 posts a minute from one address, then answers 429 with Retry-After; other addresses go on', async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form');
    const from = (remoteAddress: string) => postForm(t.app, form.secret, { name: 'Visitor', mobile: uniqueMobile() }, { remoteAddress });
    for (let i = 0; i < 5; i++) expect((await from('203.0.113.9')).statusCode).toBe(303);
    const over = await from('203.0.113.9');
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(over.headers['content-type']).toMatch(/^text\/html/);
    expect((await from('203.0.113.10')).statusCode).toBe(303);
    expect(await leadsOf(t, company.id)).toHaveLength(6);
  });

  it('takes a form post of a small size only', async () => {
    const { owner, company } = await signedInCompany(t);
    const form = await newKey(t.app, owner, 'form');
    const res = await postForm(t.app, form.secret, { name: 'Ravi', mobile: uniqueMobile(), requirement: 'x'.repeat(70 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(await leadsOf(t, company.id)).toEqual([]);
  });
});
