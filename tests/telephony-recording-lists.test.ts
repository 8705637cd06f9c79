import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { mutate, query } from './helpers/http.js';
import { insertCallFact, storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };

/** A lead's history and the call logs offer a recording to play only to those the company lets hear it. */
describe.each(dialects)('recordings offered in lists on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;

  async function recordedCall(callersHearOwn: boolean) {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL, { callersHearOwn, headsHearTeam: true });
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.noSubmit });
    const callId = await insertCallFact(db(), w.company.id, {
      status: 'completed',
      lead_id: leadId,
      user_id: w.caller.id,
      talk_seconds: 64,
      recording_ref: 'https://recordings.exotel.com/acme1/rec.mp3',
    });
    const form = {
      leadId,
      status: LEAD_STATUS.interested,
      feedback: FEEDBACK_OPTIONS[LEAD_STATUS.interested][0],
      telemarketer_handler: w.head.id,
      call_id: callId,
    };
    const submitted = await mutate(t.app, 'work.submit', form, w.caller.session);
    expect(submitted.status, JSON.stringify(submitted.error)).toBe(200);
    return { ...w, leadId, callId };
  }

  const historyOf = async (session: Parameters<typeof query>[3], leadId: number) => {
    const res = await query(t.app, 'work.history', { leadId }, session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.data as { recording_call_id: number | null; call_duration: number }[];
  };
  const myCallLog = async (session: Parameters<typeof query>[3]) => {
    const res = await query(t.app, 'summaries.myCallLog', { page: 1, pageSize: 20 }, session);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return (res.data as { items: { recording_call_id: number | null }[] }).items;
  };

  it('offers the telecaller their own call, the head the call of a lead handed to them, and the company every call', async () => {
    const w = await recordedCall(true);
    const [row] = await historyOf(w.caller.session, w.leadId);
    expect(row).toMatchObject({ recording_call_id: w.callId, call_duration: 64 });
    expect((await historyOf(w.head.session, w.leadId))[0]!.recording_call_id).toBe(w.callId);
    expect((await myCallLog(w.caller.session))[0]!.recording_call_id).toBe(w.callId);
    const company = await query(t.app, 'summaries.callLog', { page: 1, pageSize: 20 }, w.owner);
    expect(company.status, JSON.stringify(company.error)).toBe(200);
    expect((company.data as { items: { recording_call_id: number | null }[] }).items[0]!.recording_call_id).toBe(w.callId);
  });

  it('offers nothing to a telecaller the company does not let hear their own calls', async () => {
    const w = await recordedCall(false);
    expect((await historyOf(w.caller.session, w.leadId))[0]!.recording_call_id).toBeNull();
    expect((await myCallLog(w.caller.session))[0]!.recording_call_id).toBeNull();
    // what the list offers is what the recording route allows
    const res = await t.app.inject({ method: 'GET', url: `/api/recordings/${w.callId}`, headers: { cookie: w.caller.session.cookie } });
    expect(res.statusCode).toBe(404);
  });
});
