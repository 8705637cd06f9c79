import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { legacy, mutate, query } from './helpers/http.js';
import { insertCallFact, storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { applyCallEvents } from '../server/services/telephony/calls.service.js';
import { companyTelephony } from '../server/services/telephony/settings.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';
import type { CallLogRow } from '../shared/schemas/summaries.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };

describe.each(dialects)('the legacy API beside the company’s telephony on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  async function companyWithProvider() {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    const tel = (await companyTelephony(db(), t.deps.config, w.company.id))!;
    const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.noSubmit });
    return { ...w, tel, lead };
  }

  it('shows a provider call’s talk time as the history’s call_duration, marked verified', async () => {
    const w = await companyWithProvider();
    const callId = await insertCallFact(db(), w.company.id, { provider_call_id: 'sid-legacy', lead_id: w.lead, user_id: w.caller.id, status: 'in_progress' });
    const form = {
      leadId: w.lead,
      status: LEAD_STATUS.notInterested,
      feedback: FEEDBACK_OPTIONS[LEAD_STATUS.notInterested][0],
      call_duration: 400,
      call_id: callId,
    };
    expect((await mutate(t.app, 'work.submit', form, w.caller.session)).status).toBe(200);
    await applyCallEvents(t.deps, w.tel, [{ providerCallId: 'sid-legacy', status: 'completed', talkSeconds: 73 }]);

    const res = await legacy(t.app, 'GET', `/getCallHistory?customer_id=${w.lead}`, w.caller.session);
    expect(res.status).toBe(200);
    expect(res.body.history).toHaveLength(1);
    // The phone's 400 s (form filling included) is not what the original client is told.
    expect(res.body.history[0]).toMatchObject({ status: '3', call_duration: '00:01:13', verified: true });
    // The original client's talk time totals are the provider's too.
    const summary = await legacy(t.app, 'GET', '/get-call-summary', w.caller.session);
    expect(summary.body.summary.today).toEqual({ count: 1, duration: { h: 0, m: 1, s: 13 } });
  });

  it('keeps update-status and submitLeadForm working; an outcome sent that way has no call behind it', async () => {
    const w = await companyWithProvider();
    const opened = await legacy(t.app, 'POST', '/update-status', w.caller.session, { telicaller_id: w.caller.id, lead_ids: [w.lead], status: 6 });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    const res = await legacy(t.app, 'POST', '/submitLeadForm', w.caller.session, {
      customer_id: w.lead,
      call_duration: '0 : 2 : 5',
      status: 3,
      feedback: FEEDBACK_OPTIONS[LEAD_STATUS.notInterested][0],
      remarks: 'Not now',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: true, message: 'Form submitted successfully' });

    const history = await legacy(t.app, 'GET', `/getCallHistory?customer_id=${w.lead}`, w.caller.session);
    expect(history.body.history[0]).toMatchObject({ status: '3', call_duration: '00:02:05', verified: false });
    const row = await db().selectFrom('lead_history').select(['call_id', 'call_via']).where('lead_id', '=', w.lead).executeTakeFirstOrThrow();
    expect(row).toEqual({ call_id: null, call_via: null });
    // The company sees it as an outcome with no call behind it.
    const log = await query(t.app, 'summaries.callLog', { page: 1, pageSize: 20 }, w.owner);
    expect((log.data as { items: CallLogRow[]; noCall: number }).noCall).toBe(1);
    expect((log.data as { items: CallLogRow[] }).items[0]).toMatchObject({ lead_id: w.lead, no_call: true, call_duration: 125 });
  });
});
