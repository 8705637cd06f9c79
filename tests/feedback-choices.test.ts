import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin, signedInUser } from './helpers/company.js';
import { mutate, query, type Session } from './helpers/http.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { CHOICES_FULL, LAST_CHOICE } from '../server/services/lead-fields/choices.service.js';
import { activeChoices, choiceNamed, MAX_CHOICES_PER_STATUS, type FeedbackChoice } from '../shared/company-shape.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/*
 * The company's outcomes (docs/lead-fields.md#outcomes): the feedback choices under each status, as the
 * Outcomes page edits them; each company's its own, a retired one still readable.
 */

const { interested, notInterested, followUp, invalid } = LEAD_STATUS;
const choice = (over: Record<string, unknown> = {}) => ({
  status: notInterested,
  label: 'Bought elsewhere',
  needsCallback: false,
  needsReason: false,
  needsNote: true,
  ...over,
});

describe.each(dialects)('feedback choices on %s', (dialect) => {
  const t = testAppFor(dialect);
  const shapeOf = (companyId: number) => companyShape(t.deps.db, companyId);
  const labels = async (companyId: number, status: keyof Awaited<ReturnType<typeof shapeOf>>['feedback']) =>
    (await shapeOf(companyId)).feedback[status].map((c) => (c.retired ? `(${c.label})` : c.label));
  const rows = (companyId: number) => t.deps.db.selectFrom('feedback_choices').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();
  const ok = async (s: Session, p: string, input: unknown) => {
    const res = await mutate(t.app, p, input, s);
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.data as FeedbackChoice & FeedbackChoice[];
  };

  it('starts with the spec’s choices, and adds one with what it asks for', async () => {
    const { id, session } = await signedInSubadmin(t);
    expect(await labels(id, interested)).toEqual(['Running', 'Price Negotiation', 'Deal Close']);
    const added = await ok(session, 'feedbackChoices.add', choice());
    expect(added).toMatchObject({ status: notInterested, label: 'Bought elsewhere', needsNote: true, needsCallback: false, retired: false });
    expect(await labels(id, notInterested)).toEqual(['Demo Not Working', 'Price Issue', 'Another Side Convert', 'Not Relevant Lead', 'Bought elsewhere']);
    const shape = await shapeOf(id);
    expect(choiceNamed(shape, notInterested, 'bought ELSEWHERE')?.id).toBe(added.id);
    expect(shape.feedback[followUp][0]).toMatchObject({ label: 'Follow-up Option', needsCallback: true });
    expect(shape.feedback[invalid][0]).toMatchObject({ label: 'Wrong Lead', needsReason: true });
  });

  it('renames, sets flags and orders within the status', async () => {
    const { id, session } = await signedInSubadmin(t);
    const [running, , close] = (await shapeOf(id)).feedback[interested];
    const renamed = await ok(session, 'feedbackChoices.update', {
      id: running!.id,
      label: 'Site visit done',
      needsCallback: true,
      needsReason: false,
      needsNote: true,
    });
    expect(renamed).toMatchObject({ label: 'Site visit done', needsCallback: true, needsNote: true, status: interested });
    const moved = await ok(session, 'feedbackChoices.move', { id: close!.id, direction: 'up' });
    expect(moved.map((c) => c.label)).toEqual(['Site visit done', 'Deal Close', 'Price Negotiation']);
    await ok(session, 'feedbackChoices.move', { id: close!.id, direction: 'up' });
    await ok(session, 'feedbackChoices.move', { id: close!.id, direction: 'up' }); // first already: nothing moves
    expect(await labels(id, interested)).toEqual(['Deal Close', 'Site visit done', 'Price Negotiation']);
  });

  it('retires and restores; a status keeps one choice in use; a retired one stays readable', async () => {
    const { id, session } = await signedInSubadmin(t);
    const [wrong] = (await shapeOf(id)).feedback[invalid];
    const last = await mutate(t.app, 'feedbackChoices.retire', { id: wrong!.id }, session);
    expect(last.status).toBe(400);
    expect(last.error?.message).toBe(LAST_CHOICE);

    const [running] = (await shapeOf(id)).feedback[interested];
    expect(await ok(session, 'feedbackChoices.retire', { id: running!.id })).toMatchObject({ retired: true, label: 'Running' });
    const shape = await shapeOf(id);
    expect(activeChoices(shape, interested).map((c) => c.label)).toEqual(['Price Negotiation', 'Deal Close']);
    // history names it by id: still there, with its label
    expect(shape.feedback[interested].find((c) => c.id === running!.id)).toMatchObject({ label: 'Running', retired: true });
    expect(choiceNamed(shape, interested, 'Running')).toBeNull();
    // its label is still taken
    const again = await mutate(t.app, 'feedbackChoices.add', choice({ status: interested, label: 'running' }), session);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe('A retired choice is named Running: restore it instead.');
    expect(await ok(session, 'feedbackChoices.restore', { id: running!.id })).toMatchObject({ retired: false });
    expect(choiceNamed(await shapeOf(id), interested, 'running')?.id).toBe(running!.id);
  });

  it('refuses what breaks a rule with a clear message and changes nothing', async () => {
    const { id, session } = await signedInSubadmin(t);
    const before = await rows(id);
    const refused = async (p: string, input: unknown, status: number, message: string) => {
      const res = await mutate(t.app, p, input, session);
      expect(res.status, JSON.stringify(input)).toBe(status);
      expect(res.error?.message).toBe(message);
    };
    await refused('feedbackChoices.add', choice({ label: 'price issue' }), 409, 'There is already a choice named Price Issue.');
    await refused('feedbackChoices.add', choice({ label: ' ' }), 400, 'Label is required.');
    await refused('feedbackChoices.add', choice({ label: 'x'.repeat(101) }), 400, 'Label must be at most 100 characters.');
    await refused('feedbackChoices.add', choice({ status: '0' }), 400, 'Pick outcomes a telecaller submits.');
    await refused('feedbackChoices.add', choice({ needsNote: 'yes' }), 400, 'Say whether it asks for a note (true or false).');
    const [demo] = (await shapeOf(id)).feedback[notInterested];
    await refused(
      'feedbackChoices.update',
      { ...choice({ label: 'Another side convert' }), id: demo!.id },
      409,
      'There is already a choice named Another Side Convert.',
    );
    await refused('feedbackChoices.update', { ...choice(), id: 2_147_483_647 }, 404, 'Choice not found.');
    expect(await rows(id)).toEqual(before);
  });

  it(`holds at most ${MAX_CHOICES_PER_STATUS} choices a status, retired ones included`, async () => {
    const { id, session } = await signedInSubadmin(t);
    const have = (await shapeOf(id)).feedback[followUp].length;
    for (let i = have; i < MAX_CHOICES_PER_STATUS; i++) await ok(session, 'feedbackChoices.add', choice({ status: followUp, label: `Call back ${i}` }));
    const n = (await rows(id)).length;
    await mutate(t.app, 'feedbackChoices.retire', { id: (await shapeOf(id)).feedback[followUp][1]!.id }, session);
    const full = await mutate(t.app, 'feedbackChoices.add', choice({ status: followUp, label: 'One more' }), session);
    expect(full.status).toBe(400);
    expect(full.error?.message).toBe(CHOICES_FULL);
    expect((await rows(id)).length).toBe(n);
  });

  it('one company editing its outcomes leaves another’s alone; another’s ids are not found', async () => {
    const a = await signedInSubadmin(t);
    const b = await signedInSubadmin(t);
    const bBefore = await rows(b.id);
    const [aRunning] = (await shapeOf(a.id)).feedback[interested];
    await ok(a.session, 'feedbackChoices.update', { id: aRunning!.id, label: 'Visit booked', needsCallback: false, needsReason: false, needsNote: false });
    await ok(a.session, 'feedbackChoices.add', choice());
    await ok(a.session, 'feedbackChoices.retire', { id: (await shapeOf(a.id)).feedback[notInterested][0]!.id });
    expect(await rows(b.id)).toEqual(bBefore);
    expect(await labels(b.id, interested)).toEqual(['Running', 'Price Negotiation', 'Deal Close']);

    const [bRunning] = (await shapeOf(b.id)).feedback[interested];
    for (const [p, input] of [
      ['feedbackChoices.update', { id: bRunning!.id, label: 'Taken', needsCallback: false, needsReason: false, needsNote: false }],
      ['feedbackChoices.move', { id: bRunning!.id, direction: 'down' }],
      ['feedbackChoices.retire', { id: bRunning!.id }],
      ['feedbackChoices.restore', { id: bRunning!.id }],
    ] as const) {
      const res = await mutate(t.app, p, input, a.session);
      expect(res.status, p).toBe(404);
      expect(res.error?.message).toBe('Choice not found.');
    }
    expect(await rows(b.id)).toEqual(bBefore);
    const seen = await query(t.app, 'shape.get', undefined, a.session);
    expect(JSON.stringify(seen.data)).not.toContain(`"id":${bRunning!.id},`);
  });

  it('is the sub-admin’s only', async () => {
    const { id } = await signedInSubadmin(t);
    const head = await signedInUser(t, id, 'Telicaller-hade');
    expect((await mutate(t.app, 'feedbackChoices.add', choice(), head.session)).status).toBe(403);
  });
});
