import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { historyValues, insertUploadedLead } from './helpers/fixtures.js';
import { query } from './helpers/http.js';
import { insertCallFact, storeTelephony } from './helpers/telephony.js';
import type { HistoryKind } from '../server/db/schema.js';
import { todayBounds } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import type { CallLogRow, Productivity } from '../shared/schemas/summaries.js';
import type { CallDirection, CallStatus, CallVia } from '../shared/telephony.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };
const HOUR = 3_600_000;

describe.each(dialects)('figures from call facts on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;
  const day = todayBounds('Asia/Kolkata');
  const at = (hours: number) => new Date(Date.parse(day.from) + hours * HOUR).toISOString();

  const insertCall = (
    companyId: number,
    c: { userId: number | null; leadId: number | null; direction?: CallDirection; status: CallStatus; talk?: number; placedAt: string },
  ) =>
    insertCallFact(db(), companyId, {
      lead_id: c.leadId,
      user_id: c.userId,
      direction: c.direction ?? 'outbound',
      status: c.status,
      placed_at: c.placedAt,
      ended_at: c.placedAt,
      talk_seconds: c.talk ?? null,
    });

  async function insertHistory(
    companyId: number,
    leadId: number,
    userId: number,
    row: { hours: number; kind?: HistoryKind; status?: string; duration?: number; via?: CallVia | null; callId?: number | null },
  ) {
    await db()
      .insertInto('lead_history')
      .values({
        ...historyValues(companyId, leadId, {
          user_id: userId,
          kind: row.kind ?? 'outcome',
          status: row.status ?? LEAD_STATUS.notInterested,
          outcome: row.kind === 'attempt' ? 'busy' : null,
          call_duration: row.duration ?? 0,
          created_at: at(row.hours),
        }),
        call_via: row.via ?? null,
        call_id: row.callId ?? null,
      })
      .execute();
  }

  /**
   * A company whose provider was turned on an hour into today, with Asha's calls of today: an outcome
   * before that (not flagged), one with a completed provider call (120 s), one with a provider call
   * nobody answered, one dialled from the phone (60 s), one with no call (30 s), an attempt with no call;
   * its calls table holds two calls placed, two in (one missed).
   */
  async function companyWithCalls() {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    await db()
      .updateTable('telephony_settings')
      .set({ checked_at: at(1) })
      .where('subadmin_id', '=', w.company.id)
      .execute();
    const lead = await insertUploadedLead(db(), w.company.id, { name: 'Asha Verma', telicaller_id: w.caller.id });
    const answered = await insertCall(w.company.id, { userId: w.caller.id, leadId: lead, status: 'completed', talk: 120, placedAt: at(2) });
    const unanswered = await insertCall(w.company.id, { userId: w.caller.id, leadId: lead, status: 'no_answer', placedAt: at(3) });
    await insertCall(w.company.id, { userId: w.caller.id, leadId: lead, direction: 'inbound', status: 'missed', placedAt: at(4) });
    await insertCall(w.company.id, { userId: w.caller.id, leadId: lead, direction: 'inbound', status: 'completed', talk: 30, placedAt: at(5) });
    const me = w.caller.id;
    await insertHistory(w.company.id, lead, me, { hours: 0.5, duration: 50 });
    await insertHistory(w.company.id, lead, me, { hours: 2, status: LEAD_STATUS.interested, duration: 120, via: 'provider', callId: answered });
    await insertHistory(w.company.id, lead, me, { hours: 3, status: LEAD_STATUS.followUp, duration: 0, via: 'provider', callId: unanswered });
    await insertHistory(w.company.id, lead, me, { hours: 4, duration: 60, via: 'phone' });
    await insertHistory(w.company.id, lead, me, { hours: 5, duration: 30 });
    await insertHistory(w.company.id, lead, me, { hours: 6, kind: 'attempt' });
    return w;
  }

  /** Another company, its provider on since midnight, whose calls and unproved outcomes must never be counted elsewhere. */
  async function otherCompany() {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    await db().updateTable('telephony_settings').set({ checked_at: day.from }).where('subadmin_id', '=', w.company.id).execute();
    const lead = await insertUploadedLead(db(), w.company.id, { telicaller_id: w.caller.id });
    const call = await insertCall(w.company.id, { userId: w.caller.id, leadId: lead, status: 'completed', talk: 900, placedAt: at(2) });
    await insertHistory(w.company.id, lead, w.caller.id, { hours: 2, status: LEAD_STATUS.interested, duration: 900, via: 'provider', callId: call });
    await insertHistory(w.company.id, lead, w.caller.id, { hours: 3, duration: 10 });
    return w;
  }

  const productivity = async (w: Awaited<ReturnType<typeof team>>) => {
    const res = await query(t.app, 'summaries.productivity', { from: day.today, to: day.today }, w.owner);
    expect(res.status).toBe(200);
    return res.data as Productivity;
  };

  it('counts connected calls and talk time from the provider’s facts, marks what it reported, and counts outcomes with no call', async () => {
    const w = await companyWithCalls();
    await otherCompany();
    const p = await productivity(w);
    const asha = p.rows.find((r) => r.id === w.caller.id)!;
    // The outcome submitted with a call nobody answered is not a connected call.
    expect(asha).toMatchObject({ calls: 6, connected: 4, notConnected: 2, talkTime: 260 });
    expect(asha.conversion.interested).toBe(1);
    expect(asha.proof).toEqual({ verified: 2, verifiedTalkTime: 120, appTimer: 1, noCall: 1 });
    expect(p.rows.find((r) => r.id === w.colleague.id)!.proof).toEqual({ verified: 0, verifiedTalkTime: 0, appTimer: 0, noCall: 0 });
    // The other company's 900 s and its unproved outcome are not here.
    expect(p.totals.proof).toEqual({ verified: 2, verifiedTalkTime: 120, appTimer: 1, noCall: 1 });
    expect(p.totals.talkTime).toBe(260);
  });

  it('marks each call of the call log verified, app timer or no call, and counts the outcomes with no call', async () => {
    const w = await companyWithCalls();
    await otherCompany();
    const res = await query(t.app, 'summaries.callLog', { from: day.today, to: day.today, page: 1, pageSize: 50 }, w.owner);
    expect(res.status).toBe(200);
    const log = res.data as { items: CallLogRow[]; total: number; noCall: number };
    expect(log.total).toBe(6);
    expect(log.noCall).toBe(1);
    // Newest first: the attempt, the unproved outcome, the phone's, the unanswered provider call's, the answered one's, the one before the provider.
    expect(log.items.map((r) => [r.call_via, r.call_status, r.no_call, r.call_duration])).toEqual([
      [null, null, false, 0],
      [null, null, true, 30],
      ['phone', null, false, 60],
      ['provider', 'no_answer', false, 0],
      ['provider', 'completed', false, 120],
      [null, null, false, 50],
    ]);
    // The telecaller's own log carries the same marks.
    const mine = await query(t.app, 'summaries.myCallLog', { from: day.today, to: day.today, page: 1, pageSize: 50 }, w.caller.session);
    expect((mine.data as { items: CallLogRow[] }).items.filter((r) => r.no_call)).toHaveLength(1);
  });

  it('gives the talk time page the provider’s part of the talk time', async () => {
    const w = await companyWithCalls();
    const res = await query(t.app, 'summaries.loginHours', undefined, w.caller.session);
    expect(res.status).toBe(200);
    const today = (res.data as { windows: { today: { count: number; talkTime: number; verifiedTalkTime: number } } }).windows.today;
    expect(today).toMatchObject({ count: 6, talkTime: 260, verifiedTalkTime: 120 });
  });

  it('keeps counting from the first call through the provider when the company saves its settings again later', async () => {
    const w = await companyWithCalls();
    await db()
      .updateTable('telephony_settings')
      .set({ checked_at: at(7) })
      .where('subadmin_id', '=', w.company.id)
      .execute();
    expect((await productivity(w)).rows.find((r) => r.id === w.caller.id)!.proof.noCall).toBe(1);
    // Without any call placed through it yet, the settings' check is where it begins.
    await db().deleteFrom('calls').where('subadmin_id', '=', w.company.id).execute();
    expect((await productivity(w)).rows.find((r) => r.id === w.caller.id)!.proof.noCall).toBe(0);
  });

  it('keeps the verified marks once the provider is turned off, and flags no outcome as having no call', async () => {
    const w = await companyWithCalls();
    await db().updateTable('telephony_settings').set({ enabled: 0 }).where('subadmin_id', '=', w.company.id).execute();
    const asha = (await productivity(w)).rows.find((r) => r.id === w.caller.id)!;
    expect(asha.proof).toEqual({ verified: 2, verifiedTalkTime: 120, appTimer: 1, noCall: 0 });
    const res = await query(t.app, 'summaries.callLog', { from: day.today, to: day.today, page: 1, pageSize: 50 }, w.owner);
    const log = res.data as { items: CallLogRow[]; noCall: number | null };
    expect(log.noCall).toBeNull();
    expect(log.items.some((r) => r.no_call)).toBe(false);
    expect(log.items.filter((r) => r.call_via === 'provider')).toHaveLength(2);
  });

  it('shows the company dashboard today’s floor figures from its calls, and none to a company without a provider or calls', async () => {
    const w = await companyWithCalls();
    await otherCompany();
    const res = await query(t.app, 'dashboard.subadmin', undefined, w.owner);
    expect(res.status).toBe(200);
    expect((res.data as { floor: unknown }).floor).toEqual({ placed: 2, connected: 1, talkTime: 150, interested: 1, inbound: 2, missed: 1 });

    // Turned off, the calls made today still show.
    await db().updateTable('telephony_settings').set({ enabled: 0 }).where('subadmin_id', '=', w.company.id).execute();
    expect(((await query(t.app, 'dashboard.subadmin', undefined, w.owner)).data as { floor: { placed: number } | null }).floor?.placed).toBe(2);

    const plain = await team(t);
    expect(((await query(t.app, 'dashboard.subadmin', undefined, plain.owner)).data as { floor: unknown }).floor).toBeNull();
    // On, with no call yet: zeros, not nothing.
    await storeTelephony(t, plain.company.id, 'exotel', EXOTEL);
    expect(((await query(t.app, 'dashboard.subadmin', undefined, plain.owner)).data as { floor: unknown }).floor).toEqual({
      placed: 0,
      connected: 0,
      talkTime: 0,
      interested: 0,
      inbound: 0,
      missed: 0,
    });
  });
});
