import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { team } from './helpers/company.js';
import { insertUploadedLead } from './helpers/fixtures.js';
import { storeTelephony } from './helpers/telephony.js';
import { nowIso } from '../server/db/dialect.js';
import { CallbackBatcher, QueueFull } from '../server/services/telephony/callback-batcher.js';
import { applyCallEvents, applyCallReports, type CallReport } from '../server/services/telephony/calls.service.js';
import { HookRefused, type CallEvent } from '../server/services/telephony/provider.js';
import { companyTelephony, telephonyByHook, type CompanyTelephony } from '../server/services/telephony/settings.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { NOT_REACHABLE_REASON } from '../shared/schemas/lead-work.js';

const EXOTEL = { accountSid: 'acme1', apiKey: 'key', apiToken: 'token', cluster: 'mumbai' };
const ATTEMPT_LIMIT = 5;

describe('the callback batcher', () => {
  const later = () => new Promise((r) => setTimeout(r, 5));

  it('applies what arrived together as one batch, and what arrives meanwhile as the next', async () => {
    const batches: number[][] = [];
    const b = new CallbackBatcher<number>(
      async (reports) => {
        batches.push(reports);
        await later();
        return reports.map((r) => (r === 7 ? new HookRefused('No such call.', 404) : null));
      },
      async () => {
        throw new Error('not used');
      },
    );
    const first = Promise.allSettled(Array.from({ length: 10 }, (_, i) => b.apply(i)));
    await new Promise((r) => setImmediate(r));
    const second = Promise.allSettled([10, 11, 12].map((i) => b.apply(i)));
    const results = [...(await first), ...(await second)];
    expect(batches).toEqual([[...Array(10).keys()], [10, 11, 12]]);
    expect(results.map((r) => r.status)).toEqual([...Array(7).fill('fulfilled'), 'rejected', ...Array(5).fill('fulfilled')]);
    expect((results[7] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    await b.apply(13);
    expect(batches.at(-1)).toEqual([13]);
  });

  it('applies each report of a failed batch alone, once, each answering its own error', async () => {
    const alone: number[] = [];
    const b = new CallbackBatcher<number>(
      async (reports) => {
        await later();
        if (reports.length > 1) throw new Error('the batch failed');
        return [null];
      },
      async (r) => {
        alone.push(r);
        if (r === 3) throw new Error('poisoned');
      },
    );
    const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => b.apply(i)));
    expect(alone).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
  });

  it('refuses reports past its queue’s bound, to be sent again later', async () => {
    const b = new CallbackBatcher<number>(
      async (reports) => {
        await later();
        return reports.map(() => null);
      },
      async () => {},
      { maxBatch: 2, maxWaiting: 3, retryAfterSeconds: 7 },
    );
    // three wait, the fourth is refused; once a batch has taken two, there is room again
    const results = Promise.allSettled(Array.from({ length: 4 }, (_, i) => b.apply(i)));
    await new Promise((r) => setImmediate(r));
    const more = await Promise.allSettled([b.apply(4)]);
    expect((await results).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
    expect((await results)[3]).toMatchObject({ reason: expect.any(QueueFull) });
    expect(((await results)[3] as PromiseRejectedResult).reason.retryAfterSeconds).toBe(7);
    expect(more[0]!.status).toBe('fulfilled');
  });
});

describe.each(dialects)('status callbacks in batches on %s', (dialect) => {
  const t = testAppFor(dialect, { PUBLIC_URL: 'https://crm.example.com' });
  const db = () => t.deps.db;

  type CallPlan = { lead: number; ends: 'answered' | 'no_answer' | 'busy' | 'failed' | 'agent_missed' | 'open' };
  /**
   * A company on Exotel whose telecaller holds six leads, with calls ringing on them: lead 0 has two
   * calls, lead 1 one call at its last allowed attempt, lead 2 two calls two attempts before the limit,
   * lead 3 was handed to the head and closed by it (its call is the head's), the others plain.
   */
  const PLAN: CallPlan[] = [
    { lead: 0, ends: 'no_answer' },
    { lead: 0, ends: 'busy' },
    { lead: 1, ends: 'no_answer' },
    { lead: 2, ends: 'failed' },
    { lead: 2, ends: 'no_answer' },
    { lead: 3, ends: 'no_answer' },
    { lead: 4, ends: 'answered' },
    { lead: 4, ends: 'agent_missed' },
    { lead: 5, ends: 'answered' },
    { lead: 5, ends: 'open' },
  ];

  async function company() {
    const w = await team(t);
    await storeTelephony(t, w.company.id, 'exotel', EXOTEL);
    await db().updateTable('subadmins').set({ attempt_limit: ATTEMPT_LIMIT }).where('id', '=', w.company.id).execute();
    const leads: number[] = [];
    for (let i = 0; i < 6; i++) {
      leads.push(
        await insertUploadedLead(db(), w.company.id, {
          telicaller_id: w.caller.id,
          telicaller_send_date: nowIso(),
          status: LEAD_STATUS.noSubmit,
          ...(i === 3 ? { handler_id: w.head.id, submit_status: '1' } : {}),
        }),
      );
    }
    await db()
      .updateTable('leads')
      .set({ attempts: ATTEMPT_LIMIT - 1 })
      .where('id', '=', leads[1]!)
      .execute();
    await db()
      .updateTable('leads')
      .set({ attempts: ATTEMPT_LIMIT - 2, opened_from_status: LEAD_STATUS.followUp })
      .where('id', '=', leads[2]!)
      .execute();
    const calls: { id: number; sid: string }[] = [];
    for (const [i, plan] of PLAN.entries()) {
      const sid = `sid-${w.company.id}-${i}`;
      const { id } = await db()
        .insertInto('calls')
        .values({
          subadmin_id: w.company.id,
          provider: 'exotel',
          provider_call_id: sid,
          lead_id: leads[plan.lead]!,
          user_id: plan.lead === 3 ? w.head.id : w.caller.id,
          direction: 'outbound',
          status: 'ringing',
          from_number: '+918047112233',
          to_number: '9876500001',
          placed_at: nowIso(),
          updated_at: nowIso(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      calls.push({ id, sid });
    }
    const tel = (await companyTelephony(db(), t.deps.config, w.company.id))!;
    return { ...w, tel, leads, calls };
  }

  /** The reports a call's provider sends: out of order and repeated, deterministically. */
  function reportsOf(tel: CompanyTelephony, calls: { sid: string }[], round: number): CallReport[] {
    const out: CallReport[] = [];
    for (const [i, plan] of PLAN.entries()) {
      const sid = calls[i]!.sid;
      const at = (s: number) => new Date(Date.UTC(2026, 10, 29, 10, i, s)).toISOString();
      const events: CallEvent[] = [{ providerCallId: sid, status: 'ringing' }];
      if (plan.ends === 'answered') {
        const answered: CallEvent = { providerCallId: sid, status: 'in_progress', answeredAt: at(10) };
        const done: CallEvent = {
          providerCallId: sid,
          status: 'completed',
          answeredAt: at(10),
          endedAt: at(52),
          talkSeconds: 42,
          recordingRef: `https://rec/${sid}.mp3`,
        };
        events.push(...(round % 2 ? [done, answered, done] : [answered, done]));
      } else if (plan.ends !== 'open') {
        events.push({ providerCallId: sid, status: plan.ends, endedAt: at(30) }, { providerCallId: sid, status: plan.ends, endedAt: at(30) });
      }
      for (const e of round % 3 === 2 ? [...events].reverse() : events) out.push({ t: tel, events: [e] });
    }
    out.push({ t: tel, events: [{ providerCallId: `never-${round}`, status: 'busy' }] });
    return out;
  }

  async function snapshot(c: Awaited<ReturnType<typeof company>>) {
    const callIndex = new Map(c.calls.map((x, i) => [x.id, i]));
    const leadIndex = new Map(c.leads.map((x, i) => [x, i]));
    const calls = await db().selectFrom('calls').selectAll().where('subadmin_id', '=', c.company.id).orderBy('id').execute();
    const leads = await db().selectFrom('leads').selectAll().where('subadmin_id', '=', c.company.id).orderBy('id').execute();
    const history = await db().selectFrom('lead_history').selectAll().where('subadmin_id', '=', c.company.id).orderBy('id').execute();
    return {
      calls: calls.map(({ status, answered_at, ended_at, talk_seconds, recording_ref, provider_call_id }) => ({
        status,
        answered_at,
        ended_at,
        talk_seconds,
        recording_ref: recording_ref?.replace(/sid-\d+-/, 'sid-'),
        bound: provider_call_id !== null,
      })),
      leads: leads.map((l) => ({
        status: l.status,
        attempts: l.attempts,
        waiting: l.retry_at !== null,
        opened_from_status: l.opened_from_status,
        first_call_at: l.first_call_at,
      })),
      history: history.map((h) => ({
        lead: leadIndex.get(h.lead_id),
        call: callIndex.get(h.call_id!),
        user: h.user_id === c.caller.id ? 'caller' : h.user_id === c.head.id ? 'head' : h.user_id,
        kind: h.kind,
        outcome: h.outcome,
        status: h.status,
        invalid_reason: h.invalid_reason,
        call_duration: h.call_duration,
        call_via: h.call_via,
        created_at: h.created_at,
      })),
    };
  }

  it('gives 200 reports applied as one batch exactly the rows they give applied one by one', async () => {
    const [a, b, refA, refB] = [await company(), await company(), await company(), await company()];
    const rounds = (x: Awaited<ReturnType<typeof company>>) => [0, 1, 2, 3, 4, 5, 6, 7, 8].flatMap((r) => reportsOf(x.tel, x.calls, r));
    // The two companies' reports interleaved, as callbacks arrive.
    const interleave = (x: CallReport[], y: CallReport[]) => x.flatMap((r, i) => [r, y[i]!]);
    const batch = interleave(rounds(a), rounds(b)).slice(0, 200);
    const reference = interleave(rounds(refA), rounds(refB)).slice(0, 200);
    expect(batch).toHaveLength(200);

    const refused = await applyCallReports(t.deps, batch);
    const expected: (number | null)[] = [];
    for (const r of reference) {
      try {
        await applyCallEvents(t.deps, r.t, r.events);
        expected.push(null);
      } catch (err) {
        expect(err).toBeInstanceOf(HookRefused);
        expected.push((err as HookRefused).status);
      }
    }
    expect(refused.map((r) => r?.status ?? null)).toEqual(expected);
    expect(expected.filter((s) => s === 404).length).toBeGreaterThanOrEqual(6);

    for (const [got, want] of [
      [a, refA],
      [b, refB],
    ] as const) {
      const [g, w] = [await snapshot(got), await snapshot(want)];
      expect(g).toEqual(w);
      // What the one-by-one path gives is what the rules say: two unanswered calls on one lead are two
      // attempts; the last allowed one makes the lead invalid, 'Not reachable'; the head's closed lead is left alone.
      expect(g.leads.map((l) => [l.status, l.attempts])).toEqual([
        [LEAD_STATUS.noSubmit, 2],
        [LEAD_STATUS.invalid, ATTEMPT_LIMIT],
        [LEAD_STATUS.invalid, ATTEMPT_LIMIT],
        [LEAD_STATUS.noSubmit, 0],
        [LEAD_STATUS.noSubmit, 0],
        [LEAD_STATUS.noSubmit, 0],
      ]);
      expect(g.history.filter((h) => h.lead === 2).map((h) => [h.status, h.invalid_reason])).toEqual([
        [LEAD_STATUS.followUp, null],
        [LEAD_STATUS.invalid, NOT_REACHABLE_REASON],
      ]);
      expect(g.history.filter((h) => h.lead === 0).map((h) => [h.call, h.outcome])).toEqual([
        [0, 'no_answer'],
        [1, 'busy'],
      ]);
    }
  });

  it('answers a report on a call the company did not place 404 over HTTP and applies the callbacks beside it', async () => {
    const a = await company();
    const body = (sid: string, status: string) =>
      JSON.stringify({
        CallSid: sid,
        EventType: 'terminal',
        Status: status,
        DateUpdated: '2026-11-29 15:30:00',
        StartTime: '2026-11-29 15:29:00',
        EndTime: '2026-11-29 15:30:00',
        ConversationDuration: 0,
        Direction: 'outbound-api',
        Legs: [
          { OnCallDuration: 20, Status: 'completed', AnsweredBy: 'NA' },
          { OnCallDuration: 0, Status: status, AnsweredBy: 'NA' },
        ],
      });
    const sids = [...a.calls.map((c) => c.sid).slice(0, 3), 'never-placed-1', a.calls[5]!.sid, 'never-placed-2'];
    const answers = await Promise.all(
      sids.map((sid) =>
        t.app.inject({
          method: 'POST',
          url: `/api/telephony/exotel/${a.tel.hookToken}/status`,
          headers: { 'content-type': 'application/json' },
          payload: body(sid, 'no-answer'),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 404, 200, 404]);
    const calls = await db().selectFrom('calls').select(['status']).where('subadmin_id', '=', a.company.id).orderBy('id').execute();
    expect(calls.map((c) => c.status)).toEqual([
      'no_answer',
      'no_answer',
      'no_answer',
      'ringing',
      'ringing',
      'no_answer',
      'ringing',
      'ringing',
      'ringing',
      'ringing',
    ]);
    const leads = await db().selectFrom('leads').select(['attempts']).where('subadmin_id', '=', a.company.id).orderBy('id').execute();
    expect(leads.map((l) => l.attempts)).toEqual([2, ATTEMPT_LIMIT, ATTEMPT_LIMIT - 2, 0, 0, 0]);
  });

  it('applies each report alone when their batch cannot be applied, so one poisoned report fails only itself', async () => {
    const a = await company();
    // A company that is gone: its rules cannot be read, which fails the batch it is in.
    const gone: CompanyTelephony = { ...a.tel, subadminId: 2_000_000_000 };
    const batcher = new CallbackBatcher<CallReport>(
      (reports) => applyCallReports(t.deps, reports),
      (r) => applyCallEvents(t.deps, r.t, r.events, r.namedCall),
    );
    const ends = (tel: CompanyTelephony, sid: string): CallReport => ({ t: tel, events: [{ providerCallId: sid, status: 'no_answer' }] });
    const results = await Promise.allSettled([
      batcher.apply(ends(a.tel, a.calls[6]!.sid)),
      batcher.apply(ends(a.tel, a.calls[0]!.sid)),
      batcher.apply(ends(gone, a.calls[1]!.sid)),
      batcher.apply(ends(a.tel, a.calls[2]!.sid)),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ status: 404 });
    const calls = await db().selectFrom('calls').select(['status']).where('subadmin_id', '=', a.company.id).orderBy('id').execute();
    expect(calls.map((c) => c.status).slice(0, 3)).toEqual(['no_answer', 'ringing', 'no_answer']);
    const leads = await db().selectFrom('leads').select(['attempts']).where('subadmin_id', '=', a.company.id).orderBy('id').execute();
    expect(leads.map((l) => l.attempts).slice(0, 2)).toEqual([1, ATTEMPT_LIMIT]);
  });

  it('places reports that arrive before the provider’s answer on the call their address names, once, in one batch', async () => {
    const a = await company();
    const b = await company();
    const { id: unbound } = await db()
      .insertInto('calls')
      .values({
        subadmin_id: a.company.id,
        provider: 'exotel',
        provider_call_id: null,
        lead_id: a.leads[5]!,
        user_id: a.caller.id,
        direction: 'outbound',
        status: 'placing',
        from_number: '+918047112233',
        to_number: '9876500001',
        placed_at: nowIso(),
        updated_at: nowIso(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const refused = await applyCallReports(t.deps, [
      { t: a.tel, events: [{ providerCallId: 'early-1', status: 'ringing' }], namedCall: unbound },
      // another sid naming the same call: it is bound already
      { t: a.tel, events: [{ providerCallId: 'early-2', status: 'ringing' }], namedCall: unbound },
      { t: a.tel, events: [{ providerCallId: 'early-1', status: 'busy', endedAt: '2026-11-29T10:00:30.000Z' }] },
      // another company naming this call
      { t: b.tel, events: [{ providerCallId: 'early-3', status: 'busy' }], namedCall: unbound },
    ]);
    expect(refused.map((r) => r?.status ?? null)).toEqual([null, 404, null, 404]);
    expect(await db().selectFrom('calls').selectAll().where('id', '=', unbound).executeTakeFirstOrThrow()).toMatchObject({
      provider_call_id: 'early-1',
      status: 'busy',
      ended_at: '2026-11-29T10:00:30.000Z',
    });
    const history = await db().selectFrom('lead_history').selectAll().where('call_id', '=', unbound).execute();
    expect(history).toMatchObject([{ kind: 'attempt', outcome: 'busy', lead_id: a.leads[5], user_id: a.caller.id }]);
  });

  it('keeps the company a callback address names until its telephony settings change', async () => {
    const a = await company();
    const first = await telephonyByHook(db(), t.deps.config, 'exotel', a.tel.hookToken);
    expect(await telephonyByHook(db(), t.deps.config, 'exotel', a.tel.hookToken)).toBe(first);
    await db().updateTable('telephony_settings').set({ enabled: 0 }).where('subadmin_id', '=', a.company.id).execute();
    const after = await telephonyByHook(db(), t.deps.config, 'exotel', a.tel.hookToken);
    expect(after).not.toBe(first);
    expect(after?.enabled).toBe(false);
  });
});
