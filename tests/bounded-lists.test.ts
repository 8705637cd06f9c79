import { CompiledQuery, sql, type Kysely } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInSubadmin } from './helpers/company.js';
import { historyValues, insertCompany, insertLeadRows, insertUser, leadValues } from './helpers/fixtures.js';
import { query } from './helpers/http.js';
import type { DB } from '../server/db/schema.js';
import { nowIso } from '../server/db/dialect.js';
import { uploadedLeads } from '../server/services/leads/lists.repository.js';
import { MAX_PAGED_ROWS } from '../shared/schemas/paging.js';
import { startOfDayUtc, todayIn } from '../shared/dates.js';

/** The zone the test companies are made in (tests/helpers/fixtures.ts). */
const COMPANY_ZONE = 'Asia/Kolkata';

const DEEP = `Only the first 10,000 rows of a list can be paged through: search or filter to narrow it.`;

/** `n` leads of a company in one statement each 1,000 (mobiles 7000000001 and up, names "Bulk <i>"). */
async function insertBulk(db: Kysely<DB>, subadminId: number, n: number) {
  const now = nowIso();
  for (let from = 1; from <= n; from += 1000) {
    const rows = Array.from({ length: Math.min(1000, n - from + 1) }, (_, k) => {
      const i = from + k;
      return leadValues(subadminId, {
        name: `Bulk ${i}`,
        mobile: String(7_000_000_000 + i),
        requirement: 'r',
        area: 'a',
        category: 'Bulk',
        upload_date: now,
        created_at: now,
        updated_at: now,
      });
    });
    await db.insertInto('leads').values(rows).execute();
  }
}

describe.each(dialects)('bounded lead lists on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const company = () => signedInSubadmin(t);

  describe('paging', () => {
    let a: Awaited<ReturnType<typeof company>>;
    beforeAll(async () => {
      a = await company();
      await insertBulk(db(), a.id, MAX_PAGED_ROWS + 50);
    }, 120_000);

    it('counts up to the cap and says there are more', async () => {
      const first = await query(t.app, 'leads.uploaded', { page: 1, pageSize: 20 }, a.session);
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({ total: MAX_PAGED_ROWS, totalCapped: true, page: 1, pageSize: 20 });
      expect(first.data.items[0]!.name).toBe(`Bulk ${MAX_PAGED_ROWS + 50}`);
      // Under the cap the count is exact, and a short last page needs none.
      const some = await query(t.app, 'leads.uploaded', { page: 1, pageSize: 5, search: 'bulk 1000' }, a.session);
      expect(some.data).toMatchObject({ total: 11 }); // Bulk 1000, and Bulk 10000 to 10009
      expect(some.data.items).toHaveLength(5);
      expect(some.data.totalCapped).toBeUndefined();
    });

    it('answers the last page under the cap and refuses one past it, with a message and no rows', async () => {
      const last = await query(t.app, 'leads.uploaded', { page: MAX_PAGED_ROWS / 100, pageSize: 100 }, a.session);
      expect(last.status).toBe(200);
      expect(last.data.items).toHaveLength(100);
      expect(last.data.items.at(-1)!.name).toBe('Bulk 51');
      for (const input of [
        { page: MAX_PAGED_ROWS / 100 + 1, pageSize: 100 },
        { page: 4800, pageSize: 100 },
        { page: 501, pageSize: 20 },
      ]) {
        const deep = await query(t.app, 'leads.uploaded', input, a.session);
        expect(deep.status, JSON.stringify(input)).toBe(400);
        expect(deep.error?.message).toBe(DEEP);
      }
    });
  });

  describe('call log', () => {
    it('counts up to the cap and refuses a page past it', async () => {
      const a = await company();
      const caller = await insertUser(db(), a.id);
      const [leadId] = await insertLeadRows(db(), a.id, [{ telicaller_id: caller.id }]);
      // Within the company's today (the call log's default day), even just after its midnight.
      const at = Math.max(Date.now() - 3_600_000, Date.parse(startOfDayUtc(todayIn(COMPANY_ZONE), COMPANY_ZONE)));
      for (let from = 0; from < MAX_PAGED_ROWS + 5; from += 1000) {
        await db()
          .insertInto('lead_history')
          .values(
            Array.from({ length: Math.min(1000, MAX_PAGED_ROWS + 5 - from) }, (_, k) =>
              historyValues(a.id, leadId!, {
                user_id: caller.id,
                feedback: 'Price Issue',
                call_duration: 30,
                created_at: new Date(at + from + k).toISOString(),
              }),
            ),
          )
          .execute();
      }
      const first = await query(t.app, 'summaries.callLog', { page: 1, pageSize: 20 }, a.session);
      expect(first.status).toBe(200);
      expect(first.data).toMatchObject({ total: MAX_PAGED_ROWS, totalCapped: true });
      expect(first.data.items).toHaveLength(20);
      const deep = await query(t.app, 'summaries.callLog', { page: MAX_PAGED_ROWS / 20 + 1, pageSize: 20 }, a.session);
      expect(deep.status).toBe(400);
      expect(deep.error?.message).toBe(DEEP);
    }, 120_000);
  });

  describe('search', () => {
    let a: Awaited<ReturnType<typeof company>>;
    let ids: number[];
    beforeAll(async () => {
      a = await company();
      const other = await insertCompany(db());
      ids = await insertLeadRows(db(), a.id, [
        { name: 'Ravi Kumar', mobile: '9876543210' },
        { name: 'RAVINA Shah', mobile: '9123456780' },
        { name: 'Kumar Traders', mobile: '9988776655' },
        { name: '50% Off_Store', mobile: '9000000009' },
        { name: 'राम सिंह', mobile: '6000012345' },
      ]);
      await insertLeadRows(db(), other.id, [{ name: 'Ravi Other Company', mobile: '9876543211' }]);
    });

    const names = async (search: string) =>
      ((await query(t.app, 'leads.uploaded', { page: 1, pageSize: 20, search }, a.session)).data.items as Array<{ name: string }>).map((r) => r.name);

    it('finds names by their start, in any case; not by a word inside', async () => {
      expect(await names('ravi')).toEqual(['RAVINA Shah', 'Ravi Kumar']);
      expect(await names('RAVI K')).toEqual(['Ravi Kumar']);
      expect(await names('kumar')).toEqual(['Kumar Traders']);
      expect(await names('राम')).toEqual(['राम सिंह']);
      // % and _ are letters like any other, never wildcards.
      expect(await names('50% off_')).toEqual(['50% Off_Store']);
      expect(await names('%')).toEqual([]);
      expect(await names('_')).toEqual([]);
      expect(await names('nobody')).toEqual([]);
    });

    it('finds mobiles by their first digits, or the whole number with +91 or 0', async () => {
      expect(await names('98765')).toEqual(['Ravi Kumar']);
      expect(await names('+91 98765-43210')).toEqual(['Ravi Kumar']);
      expect(await names('09876543210')).toEqual(['Ravi Kumar']);
      expect(await names('912345')).toEqual(['RAVINA Shah']);
      // Nines at the end of the digits: the range has no upper bound to step to.
      expect(await names('99')).toEqual(['Kumar Traders']);
      expect(await names('9000000009')).toEqual(['50% Off_Store']);
      expect((await names('9')).sort()).toEqual(['50% Off_Store', 'Kumar Traders', 'RAVINA Shah', 'Ravi Kumar']);
      // Digits from the middle or the end only are not a match.
      expect(await names('654321')).toEqual([]);
      expect(await names('3210')).toEqual([]);
    });

    it('follows a renamed lead and a changed mobile (the search keys are kept by the database)', async () => {
      await db().updateTable('leads').set({ name: 'Zubin Mehta', mobile: '8111122222' }).where('id', '=', ids[2]!).execute();
      expect(await names('zubin')).toEqual(['Zubin Mehta']);
      expect(await names('81111')).toEqual(['Zubin Mehta']);
      expect(await names('kumar')).toEqual([]);
    });

    it("is answered by indexes, never a scan of the company's leads", async () => {
      const compiled = uploadedLeads(db(), a.id, { assigned: 'all', search: '98765' }).select('l.id').orderBy('l.id', 'desc').limit(20).compile();
      if (dialect === 'sqlite') {
        const plan = (await db().executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))).rows
          .map((r) => r.detail)
          .join('\n');
        expect(plan).toContain('leads_name_key');
        expect(plan).toContain('leads_mobile_unique');
        // The company's leads are reached by id from what the indexes found, never scanned.
        expect(plan).toMatch(/SEARCH l USING INTEGER PRIMARY KEY/);
        expect(plan).not.toMatch(/\bSCAN\b/);
      } else {
        // The planner prefers a scan of a tiny table: forbidding it shows whether the indexes can answer.
        const plan = await db()
          .transaction()
          .execute(async (trx) => {
            await sql`set local enable_seqscan = off`.execute(trx);
            const explain = CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]);
            return (await trx.executeQuery<{ 'QUERY PLAN': string }>(explain)).rows.map((r) => r['QUERY PLAN']).join('\n');
          });
        expect(plan).toContain('leads_name_key');
        expect(plan).toContain('leads_mobile_unique');
        expect(plan).not.toContain('Seq Scan');
      }
    });
  });
});
