import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { insertAdmin, insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { mutate, query, signIn, type Session } from './helpers/http.js';
import { DEFAULT_WHATSAPP_TEMPLATE } from '../shared/schemas/lead-work.js';

const RULES = { retry_delay_minutes: 30, attempt_limit: 2, whatsapp_template: 'Namaste {name}! {company} here, about your enquiry.' };

describe.each(dialects)('lead-work rules on %s', (dialect) => {
  const t = testAppFor(dialect);

  const db = () => t.deps.db;
  const companyRow = (id: number) =>
    db().selectFrom('subadmins').select(['retry_delay_minutes', 'attempt_limit', 'whatsapp_template']).where('id', '=', id).executeTakeFirstOrThrow();
  async function ownerOf() {
    const company = await insertCompany(db());
    const session = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const row = await db().selectFrom('subadmins').select('company_name').where('id', '=', company.id).executeTakeFirstOrThrow();
    return { company, session, companyName: row.company_name };
  }
  const userSession = (u: { mobile: string }): Promise<Session> => signIn(t.app, { kind: 'user', mobile: u.mobile, password: PASSWORD });

  it('starts from the defaults: 120 minutes, 5 attempts, the default message', async () => {
    const { session, companyName } = await ownerOf();
    const res = await query(t.app, 'settings.getLeadWork', undefined, session);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ retry_delay_minutes: 120, attempt_limit: 5, whatsapp_template: null, company_name: companyName, caller_exports_allowed: true });
  });

  it('saves the rules, records who changed them, and reads them back', async () => {
    const { company, session } = await ownerOf();
    const res = await mutate(t.app, 'settings.saveLeadWork', { ...RULES, retry_delay_minutes: '30' }, session);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject(RULES);
    expect(await companyRow(company.id)).toEqual(RULES);
    expect((await query(t.app, 'settings.getLeadWork', undefined, session)).data).toMatchObject(RULES);
    const audit = await db().selectFrom('audit_log').selectAll().where('entity', '=', 'lead_work_settings').where('subadmin_id', '=', company.id).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'subadmin', actor_id: company.id, action: 'update', entity_id: company.id });
    expect(JSON.parse(audit[0]!.detail!)).toEqual(RULES);

    // An empty message goes back to the default.
    const cleared = await mutate(t.app, 'settings.saveLeadWork', { ...RULES, whatsapp_template: '  ' }, session);
    expect(cleared.data.whatsapp_template).toBeNull();
    expect((await companyRow(company.id)).whatsapp_template).toBeNull();
  });

  it('refuses bad rules with a clear message and changes nothing', async () => {
    const { company, session } = await ownerOf();
    const before = await companyRow(company.id);
    const cases: [Record<string, unknown>, string][] = [
      [{ retry_delay_minutes: '' }, 'Enter the retry delay in minutes.'],
      [{ retry_delay_minutes: 'soon' }, 'Enter the retry delay in minutes.'],
      [{ retry_delay_minutes: 4 }, 'The retry delay must be at least 5 minutes.'],
      [{ retry_delay_minutes: 7 * 24 * 60 + 1 }, 'The retry delay must be at most 7 days.'],
      [{ retry_delay_minutes: 30.5 }, 'Enter whole minutes.'],
      [{ attempt_limit: undefined }, 'Enter the number of attempts.'],
      [{ attempt_limit: 0 }, 'Allow at least 1 attempt.'],
      [{ attempt_limit: 51 }, 'Allow at most 50 attempts.'],
      [{ attempt_limit: 2.5 }, 'Enter a whole number.'],
      [{ whatsapp_template: 'x'.repeat(501) }, 'The message must be at most 500 characters.'],
      [{ whatsapp_template: 'Hello {Name} from {company}' }, 'Use only {name} and {company} in the message.'],
      [{ whatsapp_template: 'Hello {name}, we are in {city}' }, 'Use only {name} and {company} in the message.'],
    ];
    for (const [over, message] of cases) {
      const res = await mutate(t.app, 'settings.saveLeadWork', { ...RULES, ...over }, session);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.error?.message).toBe(message);
    }
    expect(await companyRow(company.id)).toEqual(before);
  });

  it('changes only the signed-in company', async () => {
    const a = await ownerOf();
    const b = await ownerOf();
    await mutate(t.app, 'settings.saveLeadWork', RULES, a.session);
    expect(await companyRow(b.company.id)).toEqual({ retry_delay_minutes: 120, attempt_limit: 5, whatsapp_template: null });
    expect((await query(t.app, 'settings.getLeadWork', undefined, b.session)).data).toMatchObject({ retry_delay_minutes: 120, whatsapp_template: null });
  });

  it('belongs to the sub-admin alone', async () => {
    const { company } = await ownerOf();
    const caller = await userSession(await insertUser(db(), company.id));
    const admin = await insertAdmin(db());
    const adminSession = await signIn(t.app, { kind: 'admin', email: admin.email, password: PASSWORD });
    for (const s of [caller, adminSession]) {
      expect((await query(t.app, 'settings.getLeadWork', undefined, s)).status).toBe(403);
      expect((await mutate(t.app, 'settings.saveLeadWork', RULES, s)).status).toBe(403);
    }
    expect((await query(t.app, 'settings.getLeadWork', undefined, null)).status).toBe(401);
    expect(await companyRow(company.id)).toEqual({ retry_delay_minutes: 120, attempt_limit: 5, whatsapp_template: null });
  });

  it('lead work follows the saved rules: the retry delay, the attempt limit and the WhatsApp message', async () => {
    const { company, session, companyName } = await ownerOf();
    const caller = await insertUser(db(), company.id);
    const [leadId] = await insertLeadRows(db(), company.id, [{ name: 'Asha Kulkarni', telicaller_id: caller.id }]);
    const s = await userSession(caller);

    // Before any change: the default message.
    const before = await mutate(t.app, 'work.open', { leadId }, s);
    expect(before.data.whatsapp.message).toBe(DEFAULT_WHATSAPP_TEMPLATE.replace('{name}', 'Asha Kulkarni').replace('{company}', companyName));
    expect(before.data.attemptLimit).toBe(5);

    await mutate(t.app, 'settings.saveLeadWork', RULES, session);

    const opened = await mutate(t.app, 'work.open', { leadId }, s);
    const message = `Namaste Asha Kulkarni! ${companyName} here, about your enquiry.`;
    expect(opened.data.whatsapp.message).toBe(message);
    expect(opened.data.whatsapp.link).toContain(`?text=${encodeURIComponent(message)}`);
    expect(opened.data.attemptLimit).toBe(2);

    const t0 = Date.now();
    const first = await mutate(t.app, 'work.notConnected', { leadId, outcome: 'busy' }, s);
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({ attempts: 1, status: '0' });
    const delay = Date.parse(first.data.retryAt!) - t0;
    expect(delay).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(delay).toBeLessThan(30 * 60_000 + 60_000);

    // The company's limit of two: the second unanswered call makes the lead invalid.
    const second = await mutate(t.app, 'work.notConnected', { leadId, outcome: 'no_answer' }, s);
    expect(second.data).toMatchObject({ attempts: 2, status: '5', retryAt: null });
    const lead = await db().selectFrom('leads').select(['status', 'attempts']).where('id', '=', leadId!).executeTakeFirstOrThrow();
    expect(lead).toEqual({ status: '5', attempts: 2 });
  });
  it("a company can turn off its telecallers' and heads' lead exports: hidden in the app, refused by the server, on by default", async () => {
    const a = await ownerOf();
    const b = await ownerOf();
    const caller = await insertUser(db(), a.company.id, 'Telicaller');
    const head = await insertUser(db(), a.company.id, 'Telicaller-hade');
    const otherCaller = await insertUser(db(), b.company.id, 'Telicaller');
    const [leadMobile] = [String(9_100_000_000 + (process.pid % 1000) * 1000 + 1)];
    await insertLeadRows(db(), a.company.id, [{ telicaller_id: caller.id, mobile: leadMobile }]);
    const sessions = { caller: await userSession(caller), head: await userSession(head), other: await userSession(otherCaller) };
    const exportAs = (s: Session, via: 'cookie' | 'bearer' = 'cookie') =>
      t.app.inject({
        method: 'GET',
        url: '/api/webapi/work/new-leads.csv',
        headers: via === 'cookie' ? { cookie: s.cookie } : { authorization: `Bearer ${s.token}` },
      });

    // Allowed by default, as before the setting existed.
    const allowed = await exportAs(sessions.caller);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain(leadMobile);
    expect((await query(t.app, 'auth.me', undefined, sessions.caller)).data!.canExportLeads).toBe(true);

    const off = await mutate(t.app, 'settings.saveLeadWork', { ...RULES, caller_exports_allowed: false }, a.session);
    expect(off.data.caller_exports_allowed).toBe(false);
    expect((await query(t.app, 'settings.getLeadWork', undefined, a.session)).data.caller_exports_allowed).toBe(false);
    for (const s of [sessions.caller, sessions.head]) {
      for (const via of ['cookie', 'bearer'] as const) {
        const res = await exportAs(s, via);
        expect(res.statusCode, via).toBe(403);
        expect(res.headers['content-type']).toMatch(/json/);
        expect(res.json()).toEqual({
          status: false,
          success: false,
          message: 'Your company has turned off exporting leads to a file. Ask your company for the list if you need it.',
        });
        expect(res.body).not.toContain(leadMobile);
      }
      expect((await query(t.app, 'auth.me', undefined, s)).data!.canExportLeads).toBe(false);
    }
    // Another company's telecallers keep theirs.
    expect((await exportAs(sessions.other)).statusCode).toBe(200);
    expect((await query(t.app, 'auth.me', undefined, sessions.other)).data!.canExportLeads).toBe(true);

    // Saving the other rules without the field leaves it as it is; turning it on again restores the export.
    await mutate(t.app, 'settings.saveLeadWork', RULES, a.session);
    expect((await exportAs(sessions.caller)).statusCode).toBe(403);
    await mutate(t.app, 'settings.saveLeadWork', { ...RULES, caller_exports_allowed: true }, a.session);
    expect((await exportAs(sessions.caller)).statusCode).toBe(200);
    expect((await mutate(t.app, 'settings.saveLeadWork', { ...RULES, caller_exports_allowed: 'no' }, a.session)).status).toBe(400);
  });
});
