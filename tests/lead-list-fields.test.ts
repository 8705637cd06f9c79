import { CompiledQuery, sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin, signedInUser } from './helpers/company.js';
import { historyValues, insertLeadRows } from './helpers/fixtures.js';
import { query, type Session } from './helpers/http.js';
import { EVERY_TYPE, insertField } from './helpers/lead-fields.js';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { insertValueRows, newLeadValueRows, readFieldInput } from '../server/services/lead-fields/values.js';
import { resolveFieldFilters, withFieldFilters } from '../server/services/lead-fields/filters.js';
import { uploadedLeads } from '../server/services/leads/lists.repository.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

/** The original client's columns, then the lead's work (docs/lead-fields-lists.md#exports). */
const SPEC_AND_WORK = 'Id,Name,Mobile,Requirement,Area,Category,Upload Time,Status,Owner,Last outcome,Feedback,Note,Callback,Attempts,Source,Email';

describe.each(dialects)("the company's lists and exports with its own fields, on %s", (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  let a: Awaited<ReturnType<typeof signedInSubadmin>>;
  let b: Awaited<ReturnType<typeof signedInSubadmin>>;
  let caller: Awaited<ReturnType<typeof signedInUser>>;
  let full: number;
  let second: number;
  let bare: number;

  async function setValues(subadminId: number, leadId: number, given: Record<string, unknown>) {
    const { fields } = await companyShape(db(), subadminId);
    const read = readFieldInput(fields, given);
    expect(read.errors).toEqual({});
    await insertValueRows(db(), newLeadValueRows(subadminId, leadId, fields, read.values));
  }

  const uploaded = (input: Record<string, unknown>, s: Session = a.session) => query(t.app, 'leads.uploaded', { pageSize: 50, ...input }, s);
  const ids = (res: Awaited<ReturnType<typeof uploaded>>) => {
    expect(res.error).toBeUndefined();
    return res.data.items.map((r) => r.id);
  };

  beforeAll(async () => {
    a = await signedInSubadmin(t);
    b = await signedInSubadmin(t);
    caller = await signedInUser(t, a.id, 'Telicaller', 'Asha Caller');
    for (const [i, f] of EVERY_TYPE.entries()) await insertField(db(), a.id, { ...f, position: i });
    await insertField(db(), a.id, { key: 'old_code', label: 'Old code', type: 'text', position: 99 });
    await insertField(db(), b.id, { key: 'b_only', label: 'B only', type: 'text' });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const common = { telicaller_id: caller.id, telicaller_send_date: yesterday };
    const made = await insertLeadRows(db(), a.id, [
      { name: 'Full Lead', mobile: '9822000001', email: 'full@lead.test', extra_details: JSON.stringify({ 'Query ID': 'Q-1', Pincode: '411001' }), ...common },
      { name: 'Second Lead', mobile: '9822000002', extra_details: JSON.stringify({ 'Searched category': 'Solar' }), ...common },
      { name: 'Bare Lead', mobile: '9822000003', ...common },
    ]);
    [full, second, bare] = [made[0]!, made[1]!, made[2]!];
    await setValues(a.id, full!, {
      note_text: 'Gate 4',
      story: 'Met at the expo, wants a quote',
      family_size: 4,
      loan_amount: '150000.50',
      visit_date: '20/11/2026',
      meeting_at: '2026-11-29T10:30:00+05:30',
      roof: 'RCC',
      interests: ['battery', 'solar'],
      alt_phone: '+91 98220 11001',
      work_email: 'Asha@Example.COM',
      owns_house: true,
      website: 'https://asha.example',
      old_code: 'X1',
    });
    await setValues(a.id, second!, {
      note_text: 'Shop 2',
      family_size: 7,
      loan_amount: 50000,
      visit_date: '2026-11-25',
      roof: 'tin',
      interests: ['inverter'],
      owns_house: 'no',
    });
    // retired after the values were given: they stay on the leads
    await db().updateTable('lead_fields').set({ retired_at: new Date().toISOString() }).where('subadmin_id', '=', a.id).where('key', '=', 'old_code').execute();
  });

  describe('lists', () => {
    it("answers each lead's values of the company's fields", async () => {
      const res = await uploaded({});
      const byId = new Map(res.data.items.map((r) => [r.id, r.fields]));
      expect(byId.get(full!)).toMatchObject({
        note_text: 'Gate 4',
        family_size: 4,
        loan_amount: 150000.5,
        visit_date: '2026-11-20',
        meeting_at: '2026-11-29T05:00:00.000Z',
        roof: 'rcc',
        alt_phone: '9822011001',
        work_email: 'asha@example.com',
        owns_house: true,
        old_code: 'X1',
      });
      expect(byId.get(bare!)).toEqual({});
    });

    it('filters by a field of every indexed type, with values read as the field reads them', async () => {
      const cases: Array<[Record<string, unknown>, number[]]> = [
        [{ key: 'note_text', equals: 'Gate 4' }, [full!]],
        [{ key: 'family_size', min: 5 }, [second!]],
        [{ key: 'loan_amount', max: '1,00,000' }, [second!]],
        [{ key: 'visit_date', min: '21/11/2026' }, [second!]],
        [{ key: 'meeting_at', min: '2026-11-29T00:00:00Z', max: '2026-11-29T23:59:00Z' }, [full!]],
        [{ key: 'roof', anyOf: ['Tin sheet'] }, [second!]],
        [{ key: 'roof', anyOf: ['rcc', 'tin'] }, [second!, full!]],
        [{ key: 'interests', anyOf: ['Solar'] }, [full!]],
        [{ key: 'alt_phone', equals: '098220 11001' }, [full!]],
        [{ key: 'work_email', equals: 'ASHA@example.com' }, [full!]],
        [{ key: 'owns_house', yes: false }, [second!]],
        [{ key: 'website', equals: 'https://asha.example' }, [full!]],
      ];
      for (const [filter, expected] of cases) expect(ids(await uploaded({ fields: [filter] })), JSON.stringify(filter)).toEqual(expected);
      // two filters: both must hold
      expect(
        ids(
          await uploaded({
            fields: [
              { key: 'roof', anyOf: ['rcc', 'tin'] },
              { key: 'family_size', max: 5 },
            ],
          }),
        ),
      ).toEqual([full!]);
      // a filter with the list's own filters and search
      expect(ids(await uploaded({ search: 'second', fields: [{ key: 'roof', anyOf: ['tin'] }] }))).toEqual([second!]);
    });

    it('sorts by an indexed field, leads without a value last either way', async () => {
      expect(ids(await uploaded({ sortField: { key: 'family_size', direction: 'asc' } }))).toEqual([full!, second!, bare!]);
      expect(ids(await uploaded({ sortField: { key: 'family_size', direction: 'desc' } }))).toEqual([second!, full!, bare!]);
      expect(ids(await uploaded({ sortField: { key: 'note_text', direction: 'desc' } }))).toEqual([second!, full!, bare!]);
      expect(ids(await uploaded({ sortField: { key: 'visit_date' } }))).toEqual([full!, second!, bare!]);
      const long = await uploaded({ sortField: { key: 'story' } });
      expect(long.status).toBe(400);
      expect(long.error?.message).toBe('Story cannot be sorted by.');
    });

    it("refuses another company's field, a wrong value, and more than five filters, clearly", async () => {
      const other = await uploaded({ fields: [{ key: 'b_only', equals: 'x' }] });
      expect(other.status).toBe(404);
      expect(other.error?.message).toBe('There is no lead field "b_only".');
      // and the other company reads its own field
      expect((await uploaded({ fields: [{ key: 'b_only', equals: 'x' }] }, b.session)).status).toBe(200);
      const choice = await uploaded({ fields: [{ key: 'roof', anyOf: ['Thatch'] }] });
      expect(choice.status).toBe(400);
      expect(choice.error?.message).toBe('Roof type has no choice "Thatch".');
      const number = await uploaded({ fields: [{ key: 'family_size', min: 'many' }] });
      expect(number.error?.message).toBe('Family size must be a number.');
      const six = await uploaded({ fields: Array.from({ length: 6 }, () => ({ key: 'roof', anyOf: ['rcc'] })) });
      expect(six.status).toBe(400);
      const long = await uploaded({ fields: [{ key: 'story', equals: 'x' }] });
      expect(long.error?.message).toBe('Story cannot be filtered by.');
    });

    it("filters a telecaller's list and the telecaller's queue by a field", async () => {
      const list = await query(
        t.app,
        'leads.ofTelecaller',
        { telecallerId: caller.id, status: 'pending', fields: [{ key: 'owns_house', yes: true }] },
        a.session,
      );
      expect(list.data.items.map((r) => [r.id, r.fields.owns_house])).toEqual([[full!, true]]);
      const queue = await query(t.app, 'work.queue', { queue: 'pending', fields: [{ key: 'roof', anyOf: ['tin'] }] }, caller.session);
      expect(queue.error).toBeUndefined();
      expect(queue.data.items.map((r) => r.id)).toEqual([second!]);
      expect(queue.data.total).toBe(1);
      const stranger = await query(t.app, 'work.queue', { queue: 'pending', fields: [{ key: 'b_only', equals: 'x' }] }, caller.session);
      expect(stranger.status).toBe(404);
    });

    it("is answered through lead_values' indexes (query plan)", async () => {
      const { fields } = await companyShape(db(), a.id);
      for (const filter of [
        { key: 'roof', anyOf: ['rcc'] },
        { key: 'family_size', min: 5, max: 10 },
      ]) {
        const q = withFieldFilters(uploadedLeads(db(), a.id, { assigned: 'all' }), resolveFieldFilters(fields, [filter], dialect));
        const compiled = q.select('l.id').orderBy('l.id', 'desc').limit(21).compile();
        if (dialect === 'sqlite') {
          const plan = (await db().executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows
            .map((r) => r.detail)
            .join('\n');
          // a seek per lead of the list's own order, never an index built for the query or a scan of the values
          expect(plan).toMatch(
            /SEARCH fv USING (COVERING INDEX lead_values_text \(field_id=\? AND v_text=\? AND lead_id=\?\)|INDEX sqlite_autoindex_lead_values_1 \(lead_id=\? AND field_id=\?\))/,
          );
          expect(plan).not.toMatch(/AUTOMATIC|SCAN fv/);
        } else {
          const plan = await db()
            .transaction()
            .execute(async (trx) => {
              await sql`set local enable_seqscan = off`.execute(trx);
              const explain = CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]);
              return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows.map((r) => r['QUERY PLAN']).join('\n');
            });
          expect(plan).toMatch(/(lead_values_text|lead_values_num|lead_values_pk) on lead_values/);
          expect(plan).not.toContain('Seq Scan');
        }
      }
    });
  });

  describe('exports', () => {
    async function exportCsv(params: Record<string, string | number>, session: Session = a.session) {
      const qs = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
      const res = await t.app.inject({ method: 'GET', url: `/api/webapi/leads/export.csv${qs ? `?${qs}` : ''}`, headers: { cookie: session.cookie } });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/^\uFEFF/, '');
    }
    /** RFC 4180 rows of cells. */
    function parse(text: string): string[][] {
      const rows: string[][] = [];
      let row: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < text.length; i++) {
        const c = text[i]!;
        if (quoted && c === '"' && text[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (c === '"') {
          quoted = !quoted;
        } else if (quoted) {
          cell += c;
        } else if (c === ',') {
          row.push(cell);
          cell = '';
        } else if (c === '\r' && text[i + 1] === '\n') {
          row.push(cell);
          rows.push(row);
          row = [];
          cell = '';
          i++;
        } else {
          cell += c;
        }
      }
      return rows;
    }
    const FIELD_HEADERS = [
      'Short note',
      'Story',
      'Family size',
      'Loan amount',
      'Visit date',
      'Meeting at',
      'Roof type',
      'Interests',
      'Alternate phone',
      'Work email',
      'Owns house',
      'Website',
      'Old code (retired)',
    ];

    beforeAll(async () => {
      await db()
        .insertInto('lead_history')
        .values([
          historyValues(a.id, full!, {
            status: LEAD_STATUS.followUp,
            feedback: 'Call later',
            remarks: 'First call',
            user_id: caller.id,
            created_at: '2026-11-01T10:00:00.000Z',
          }),
          historyValues(a.id, full!, {
            status: LEAD_STATUS.interested,
            feedback: 'Wants a site visit',
            remarks: 'Visit on Sunday',
            user_id: caller.id,
            created_at: '2026-11-02T10:00:00.000Z',
          }),
        ])
        .execute();
      await db()
        .updateTable('leads')
        .set({ status: LEAD_STATUS.interested, callback_date: '2026-12-01', callback_time: '11:30', attempts: 2 })
        .where('id', '=', full!)
        .execute();
    });

    it("writes the spec's columns first, then the work, every field (retired marked) and the extra details found", async () => {
      const rows = parse(await exportCsv({}));
      expect(rows[0]!.join(',')).toBe([SPEC_AND_WORK, ...FIELD_HEADERS, 'Pincode', 'Query ID', 'Searched category'].join(','));
      const byId = new Map(rows.slice(1).map((r) => [Number(r[0]), r]));
      const line = byId.get(full!)!;
      expect(line.slice(1, 3)).toEqual(['Full Lead', '9822000001']);
      expect(line.slice(7, 16)).toEqual([
        'Interested',
        'Asha Caller',
        'Interested',
        'Wants a site visit',
        'Visit on Sunday',
        '2026-12-01 11:30',
        '2',
        '',
        'full@lead.test',
      ]);
      // values as people read them: labels, rupees, Yes/No, choices in the field's order
      expect(line.slice(16, 29)).toEqual([
        'Gate 4',
        'Met at the expo, wants a quote',
        '4',
        '150000.5',
        '2026-11-20',
        '2026-11-29T05:00:00.000Z',
        'RCC',
        'Solar, Battery',
        '9822011001',
        'asha@example.com',
        'Yes',
        'https://asha.example',
        'X1',
      ]);
      expect(line.slice(29)).toEqual(['411001', 'Q-1', '']);
      expect(byId.get(second!)!.slice(16, 29)).toEqual(['Shop 2', '', '7', '50000', '2026-11-25', '', 'Tin sheet', 'Inverter', '', '', 'No', '', '']);
      expect(byId.get(second!)!.slice(29)).toEqual(['', '', 'Solar']);
      expect(
        byId
          .get(bare!)!
          .slice(16)
          .every((c) => c === ''),
      ).toBe(true);
      // another company's field is no column here
      expect(rows[0]).not.toContain('B only');
    });

    it('gives every list the same export, narrowed by its filters and by a field', async () => {
      const interested = parse(await exportCsv({ telecallerId: caller.id, status: 'interested' }));
      expect(interested[0]!.slice(0, 16).join(',')).toBe(SPEC_AND_WORK);
      expect(interested[0]).toContain('Old code (retired)');
      expect(interested.slice(1).map((r) => Number(r[0]))).toEqual([full!]);
      const pending = parse(await exportCsv({ telecallerId: caller.id, status: 'pending' }));
      expect(pending.slice(1).map((r) => Number(r[0]))).toEqual([second!, bare!]);
      const byField = parse(await exportCsv({ fields: JSON.stringify([{ key: 'roof', anyOf: ['tin'] }]) }));
      expect(byField.slice(1).map((r) => Number(r[0]))).toEqual([second!]);
      // the extra details' columns are those of the leads exported
      expect(byField[0]!.slice(16 + FIELD_HEADERS.length)).toEqual(['Searched category']);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/webapi/leads/export.csv?fields=${encodeURIComponent(JSON.stringify([{ key: 'b_only', equals: 'x' }]))}`,
        headers: { cookie: a.session.cookie },
      });
      expect(refused.statusCode).toBe(404);
      expect(refused.body).not.toContain('B only');
    });

    it("gives the telecaller's New Leads export the same columns", async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/webapi/work/new-leads.csv', headers: { cookie: caller.session.cookie } });
      expect(res.statusCode).toBe(200);
      const header = parse(res.body.replace(/^\uFEFF/, ''))[0]!;
      expect(header.slice(0, 16).join(',')).toBe(SPEC_AND_WORK);
      expect(header.slice(16, 16 + FIELD_HEADERS.length)).toEqual(FIELD_HEADERS);
    });
  });
});
