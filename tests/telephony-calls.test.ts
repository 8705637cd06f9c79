import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team, type SignedInUser } from './helpers/company.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { randomBytes } from 'node:crypto';
import { mutate, query } from './helpers/http.js';
import { SecretBox } from '../server/services/telephony/secret-box.js';
import { storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { mergeCallEvent } from '../server/services/telephony/call-merge.js';
import { applyCallEvents } from '../server/services/telephony/calls.service.js';
import { HookRefused, type CallEvent } from '../server/services/telephony/provider.js';
import { companyTelephony } from '../server/services/telephony/settings.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';
import type { CallStatus } from '../shared/telephony.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };

/** Every order of a list. */
function orders<T>(items: T[]): T[][] {
  if (items.length <= 1) return [items];
  return items.flatMap((x, i) => orders([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe('a call report applied in any order', () => {
  type Facts = Parameters<typeof mergeCallEvent>[0];
  const blank: Facts = {
    direction: 'outbound',
    status: 'placing',
    answered_at: null,
    ended_at: null,
    talk_seconds: null,
    recording_ref: null,
    cost: null,
    cost_currency: null,
  };
  const reports: CallEvent[] = [
    { providerCallId: 'c1', status: 'ringing' },
    { providerCallId: 'c1', status: 'in_progress', answeredAt: '2026-11-29T10:00:05.000Z' },
    {
      providerCallId: 'c1',
      status: 'completed',
      endedAt: '2026-11-29T10:01:47.000Z',
      talkSeconds: 102,
      recordingRef: 'https://rec/1.mp3',
      cost: '0.60',
      costCurrency: 'INR',
    },
  ];

  it('ends the same whatever the order and however often each arrives', () => {
    const finals = orders([...reports, reports[2]!, reports[0]!]).map((order) => {
      let row: Facts = { ...blank };
      for (const r of order) row = { ...row, ...mergeCallEvent(row, r, '2026-11-29T10:05:00.000Z') };
      return row;
    });
    expect(new Set(finals.map((f) => JSON.stringify(f))).size).toBe(1);
    expect(finals[0]).toEqual({
      direction: 'outbound',
      status: 'completed',
      answered_at: '2026-11-29T10:00:05.000Z',
      ended_at: '2026-11-29T10:01:47.000Z',
      talk_seconds: 102,
      recording_ref: 'https://rec/1.mp3',
      cost: '0.60',
      cost_currency: 'INR',
    });
  });

  it('keeps the first end it was told of, and a repeat changes nothing', () => {
    const ended: Facts = { ...blank, ...mergeCallEvent(blank, { providerCallId: 'c', status: 'busy' }, '2026-11-29T10:00:00.000Z') };
    expect(ended.status).toBe('busy');
    expect(mergeCallEvent(ended, { providerCallId: 'c', status: 'busy' }, '2026-11-29T10:09:00.000Z')).toBeNull();
    expect(mergeCallEvent(ended, { providerCallId: 'c', status: 'no_answer' }, '2026-11-29T10:09:00.000Z')).toBeNull();
  });
});

describe.each(dialects)('calls as facts on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;

  async function companyWithCall(status: CallStatus = 'placing') {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.noSubmit });
    const callId = await insertCallRow(w.company.id, w.caller, leadId, status);
    const tel = (await companyTelephony(db(), t.deps.config, w.company.id))!;
    return { ...w, leadId, callId, tel };
  }

  async function insertCallRow(
    companyId: number,
    user: SignedInUser,
    leadId: number,
    status: CallStatus,
    providerCallId: string | null = `sid-${Math.random()}`,
  ) {
    const { id } = await db()
      .insertInto('calls')
      .values({
        subadmin_id: companyId,
        provider: 'exotel',
        provider_call_id: providerCallId,
        lead_id: leadId,
        user_id: user.id,
        direction: 'outbound',
        status,
        from_number: '+918047112233',
        to_number: '9876500001',
        placed_at: nowIso(),
        answered_at: null,
        ended_at: null,
        talk_seconds: null,
        recording_ref: null,
        cost: null,
        cost_currency: null,
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  }

  const callRow = (id: number) => db().selectFrom('calls').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const leadRow = (id: number) => db().selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const historyRows = (leadId: number) => db().selectFrom('lead_history').selectAll().where('lead_id', '=', leadId).orderBy('id').execute();
  const sidOf = async (callId: number) => (await callRow(callId)).provider_call_id!;

  it('makes an unanswered call the telecaller’s attempt, once, with the company’s retry rules', async () => {
    const w = await companyWithCall('ringing');
    const sid = await sidOf(w.callId);
    const noAnswer = { providerCallId: sid, status: 'no_answer' as const, endedAt: nowIso() };
    await applyCallEvents(t.deps, w.tel, [noAnswer]);
    await applyCallEvents(t.deps, w.tel, [noAnswer, { providerCallId: sid, status: 'ringing' }]);

    const lead = await leadRow(w.leadId);
    expect(lead.attempts).toBe(1);
    expect(lead.retry_at).not.toBeNull();
    const history = await historyRows(w.leadId);
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({
      kind: 'attempt',
      outcome: 'no_answer',
      user_id: w.caller.id,
      call_id: w.callId,
      call_via: 'provider',
      call_duration: 0,
    });
    expect((await callRow(w.callId)).status).toBe('no_answer');
  });

  it('records no attempt when the telecaller’s own phone was not answered: the lead was never dialled', async () => {
    const w = await companyWithCall('ringing');
    await applyCallEvents(t.deps, w.tel, [{ providerCallId: await sidOf(w.callId), status: 'agent_missed' }]);
    expect((await leadRow(w.leadId)).attempts).toBe(0);
    expect(await historyRows(w.leadId)).toHaveLength(0);
    expect((await callRow(w.callId)).status).toBe('agent_missed');
  });

  it('refuses a report on a call the company did not place, and changes nothing', async () => {
    const a = await companyWithCall('ringing');
    const b = await companyWithCall('ringing');
    const before = await callRow(a.callId);
    await expect(applyCallEvents(t.deps, b.tel, [{ providerCallId: before.provider_call_id!, status: 'busy' }])).rejects.toBeInstanceOf(HookRefused);
    await expect(applyCallEvents(t.deps, a.tel, [{ providerCallId: 'never-placed', status: 'busy' }])).rejects.toMatchObject({ status: 404 });
    // Naming another company's call in the address does not bind it either.
    await expect(applyCallEvents(t.deps, b.tel, [{ providerCallId: 'new-sid', status: 'busy' }], a.callId)).rejects.toMatchObject({ status: 404 });
    expect(await callRow(a.callId)).toEqual(before);
    expect(await historyRows(a.leadId)).toHaveLength(0);
  });

  it('places a report that arrives before the provider’s answer on the call its address names', async () => {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    const leadId = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id, telicaller_send_date: nowIso() });
    const callId = await insertCallRow(w.company.id, w.caller, leadId, 'placing', null);
    const tel = (await companyTelephony(db(), t.deps.config, w.company.id))!;
    await applyCallEvents(t.deps, tel, [{ providerCallId: 'early-sid', status: 'ringing' }], callId);
    expect(await callRow(callId)).toMatchObject({ provider_call_id: 'early-sid', status: 'ringing' });
  });

  it('gives an outcome submitted with the call the provider’s talk time, even when the end is reported after the submit', async () => {
    const w = await companyWithCall('in_progress');
    const submitted = await mutate(
      t.app,
      'work.submit',
      { leadId: w.leadId, status: LEAD_STATUS.notInterested, feedback: FEEDBACK_OPTIONS[LEAD_STATUS.notInterested][0], call_duration: 400, call_id: w.callId },
      w.caller.session,
    );
    expect(submitted.status, JSON.stringify(submitted.error)).toBe(200);
    // The phone's timer (400 s, form filling included) is not what is kept.
    expect((await historyRows(w.leadId))[0]).toMatchObject({ kind: 'outcome', call_id: w.callId, call_via: 'provider', call_duration: 0 });
    await applyCallEvents(t.deps, w.tel, [{ providerCallId: await sidOf(w.callId), status: 'completed', talkSeconds: 73 }]);
    const [row] = await historyRows(w.leadId);
    expect(row!.call_duration).toBe(73);
    expect((await leadRow(w.leadId)).attempts).toBe(0);
  });

  it('tells the telecaller to call from their phone when the stored settings were sealed with another key', async () => {
    const w = await companyWithCall('completed');
    const foreign = new SecretBox(randomBytes(32)).seal(JSON.stringify(EXOTEL));
    await db().updateTable('telephony_settings').set({ credentials: foreign }).where('subadmin_id', '=', w.company.id).execute();
    const forPhone = await query(t.app, 'telephony.forPhone', undefined, w.caller.session);
    expect(forPhone.data).toEqual({ enabled: false, countdownSeconds: 5 });
    const placed = await mutate(t.app, 'telephony.placeCall', { leadId: w.leadId }, w.caller.session);
    expect(placed.status).toBe(400);
    expect(placed.error?.message).toContain('enter them again');
    expect(await db().selectFrom('calls').select('id').where('lead_id', '=', w.leadId).execute()).toHaveLength(1);
  });

  it('refuses an outcome naming a call that is not this telecaller’s on this lead', async () => {
    const w = await companyWithCall('completed');
    const otherLead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.colleague.id, telicaller_send_date: nowIso() });
    const colleaguesCall = await insertCallRow(w.company.id, w.colleague, otherLead, 'completed');
    const form = { leadId: w.leadId, status: LEAD_STATUS.notInterested, feedback: FEEDBACK_OPTIONS[LEAD_STATUS.notInterested][0] };
    const res = await mutate(t.app, 'work.submit', { ...form, call_id: colleaguesCall }, w.caller.session);
    expect(res.status).toBe(404);
    expect(await historyRows(w.leadId)).toHaveLength(0);
    const phone = await mutate(t.app, 'work.submit', { ...form, call_via: 'phone', call_duration: 61 }, w.caller.session);
    expect(phone.status).toBe(200);
    expect((await historyRows(w.leadId))[0]).toMatchObject({ call_id: null, call_via: 'phone', call_duration: 61 });
  });
});
