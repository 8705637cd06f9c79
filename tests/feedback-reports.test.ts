import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { historyValues, insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { legacy, query, signIn } from './helpers/http.js';
import { nowIso } from '../server/db/dialect.js';
import type { CallCategory, FeedbackTotal } from '../shared/schemas/summaries.js';

/*
 * The Call Summary and the productivity outcome mix count calls under the company's feedback choices as
 * they are now: a renamed choice's older calls under its new name, a retired one still shown (marked),
 * history that names no choice under its text, and never another company's choices.
 */
describe.each(dialects)('reports by feedback choice on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const choiceId = async (subadminId: number, status: string, label: string) =>
    (
      await db()
        .selectFrom('feedback_choices')
        .select('id')
        .where('subadmin_id', '=', subadminId)
        .where('status', '=', status)
        .where('label', '=', label)
        .executeTakeFirstOrThrow()
    ).id;

  async function call(
    subadminId: number,
    userId: number,
    leadId: number,
    c: { status: string; feedback?: string | null; feedbackId?: number | null; kind?: 'outcome' | 'attempt'; duration?: number },
  ) {
    const kind = c.kind ?? 'outcome';
    await db()
      .insertInto('lead_history')
      .values({
        ...historyValues(subadminId, leadId, {
          user_id: userId,
          user_type: 'Telicaller',
          kind,
          outcome: kind === 'attempt' ? 'busy' : null,
          status: c.status,
          feedback: c.feedback ?? null,
          call_duration: c.duration ?? 10,
          created_at: nowIso(),
        }),
        feedback_id: c.feedbackId ?? null,
      })
      .execute();
  }

  async function companyWithCalls() {
    const company = await insertCompany(db());
    const caller = await insertUser(db(), company.id, 'Telicaller', { name: 'Asha' });
    const [lead] = await insertLeadRows(db(), company.id, [{ telicaller_id: caller.id }]);
    const running = await choiceId(company.id, '2', 'Running');
    const price = await choiceId(company.id, '3', 'Price Issue');
    const convert = await choiceId(company.id, '3', 'Another Side Convert');
    await call(company.id, caller.id, lead!, { status: '2', feedback: 'Running', feedbackId: running, duration: 30 });
    // renamed since: both calls count under its name today
    await db().updateTable('feedback_choices').set({ label: 'Hot lead' }).where('id', '=', running).execute();
    await call(company.id, caller.id, lead!, { status: '2', feedback: 'Hot lead', feedbackId: running, duration: 20 });
    // older history names no choice: its text
    await call(company.id, caller.id, lead!, { status: '2', feedback: 'Running', duration: 5 });
    await call(company.id, caller.id, lead!, { status: '3', feedback: 'Another Side Convert', feedbackId: convert });
    await db().updateTable('feedback_choices').set({ retired_at: nowIso() }).where('id', '=', convert).execute();
    await call(company.id, caller.id, lead!, { status: '3', feedback: 'Price Issue', feedbackId: price });
    await call(company.id, caller.id, lead!, { status: '3', feedback: 'Price Issue', feedbackId: price });
    await call(company.id, caller.id, lead!, { status: '0', kind: 'attempt' });

    // Another company, its own choices renamed: never counted in the first one's report.
    const other = await insertCompany(db());
    const stranger = await insertUser(db(), other.id, 'Telicaller', { name: 'Ravi' });
    const [theirLead] = await insertLeadRows(db(), other.id, [{ telicaller_id: stranger.id }]);
    const theirPrice = await choiceId(other.id, '3', 'Price Issue');
    await db().updateTable('feedback_choices').set({ label: 'Too costly' }).where('id', '=', theirPrice).execute();
    await call(other.id, stranger.id, theirLead!, { status: '3', feedback: 'Price Issue', feedbackId: theirPrice });
    // A row naming another company's choice counts under its own text, not that choice.
    await call(company.id, caller.id, lead!, { status: '3', feedback: 'Budget', feedbackId: theirPrice });

    const owner = await signIn(t.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const theirOwner = await signIn(t.app, { kind: 'subadmin', email: other.email, password: PASSWORD });
    return { company, owner, theirOwner, running, price, convert, theirPrice };
  }

  const interested = (running: number): FeedbackTotal[] => [
    { choiceId: running, label: 'Hot lead', retired: false, count: 2, duration: 50 },
    { choiceId: null, label: 'Running', retired: false, count: 1, duration: 5 },
  ];
  const notInterested = (price: number, convert: number): FeedbackTotal[] => [
    { choiceId: price, label: 'Price Issue', retired: false, count: 2, duration: 20 },
    { choiceId: convert, label: 'Another Side Convert', retired: true, count: 1, duration: 10 },
    { choiceId: null, label: 'Budget', retired: false, count: 1, duration: 10 },
  ];

  it('breaks the productivity outcome mix down by the company’s choices as they are now', async () => {
    const w = await companyWithCalls();
    const res = await query(t.app, 'summaries.productivity', {}, w.owner);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const mix = res.data.feedbackMix as Record<CallCategory, FeedbackTotal[]>;
    expect(mix.Interested).toEqual(interested(w.running));
    expect(mix['Not interested']).toEqual(notInterested(w.price, w.convert));
    expect(mix['Not connected']).toEqual([]);
    expect(mix['Follow-up']).toEqual([]);
    // The breakdown adds up to the mix.
    expect(res.data.totals.mix.Interested).toBe(3);
    expect(res.data.totals.mix['Not interested']).toBe(4);
    expect(JSON.stringify(mix)).not.toContain('Too costly');

    const theirs = await query(t.app, 'summaries.productivity', {}, w.theirOwner);
    expect(theirs.data.feedbackMix['Not interested']).toEqual([{ choiceId: w.theirPrice, label: 'Too costly', retired: false, count: 1, duration: 10 }]);
    expect(theirs.data.feedbackMix.Interested).toEqual([]);
  });

  it('shows each telecaller’s calls per category by choice in the Call Summary', async () => {
    const w = await companyWithCalls();
    const res = await query(t.app, 'summaries.callSummary', {}, w.owner);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    const [asha] = res.data.callers;
    expect(asha).toMatchObject({ name: 'Asha', total: { count: 8 } });
    const of = (c: CallCategory) => asha!.categories.find((x: { category: CallCategory }) => x.category === c)!;
    expect(of('Interested')).toMatchObject({ count: 3, duration: 55, feedback: interested(w.running) });
    expect(of('Not interested').feedback).toEqual(notInterested(w.price, w.convert));
    expect(of('Not connected')).toMatchObject({ count: 1, feedback: [] });
    // The original client's summary keeps its keys and figures.
    const legacyRes = await legacy(t.app, 'GET', '/get-all-call-summary', w.owner);
    expect(legacyRes.status).toBe(200);
    const legacyAsha = legacyRes.body.data.find((c: { name: string }) => c.name === 'Asha');
    expect(legacyAsha.summary.Interested).toEqual({ count: 3, duration: { h: 0, m: 0, s: 55 } });
  });
});
