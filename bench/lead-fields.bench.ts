// Lists filtered by a company's own fields (issue 33, docs/lead-fields-lists.md#storage): on 1,000,000
// leads with 10 field values each, a telecaller's queue page and the company's lead list page
// filtered by a field (a single choice matching ~10% of leads; a number range), against the same
// page of a company of 1,000,000 leads without fields, in the same run, on both databases. Goal:
// >= 80% of its throughput. Beside it, the storage measure: the same filter read from a JSON column
// (json_extract / ->>, no index), the storage not chosen. Called straight (no HTTP), so the ratio
// is the queries' own; BENCH_LEADS for another size, BENCH_SECONDS per measure.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { CompiledQuery, sql, type Kysely } from 'kysely';
import { companyShape } from '../server/services/lead-fields/shape.service.js';
import { resolveFieldFilters, withFieldFilters } from '../server/services/lead-fields/filters.js';
import { uploadedLeads } from '../server/services/leads/lists.repository.js';
import { queueLeads, scopeOf } from '../server/services/lead-work/queues.repository.js';
import { companyRules } from '../server/services/company/company.service.js';
import { createDatabase } from '../server/db/database.js';
import type { DB } from '../server/db/schema.js';
import type { Deps } from '../server/deps.js';
import type { SubadminActor, UserActor } from '../server/auth/actor.js';
import { pageUploadedLeads } from '../server/services/leads/lists.service.js';
import { pageQueue } from '../server/services/lead-work/queues.service.js';
import { visibleLeads } from '../server/services/leads/lists.repository.js';
import { pageLookingAhead } from '../server/db/paging.js';
import type { FieldFilter } from '../shared/schemas/lead-field-filters.js';
import { onEachDatabase, type BenchDatabase } from './databases.js';
import { insertCompanyAndUsers } from './company-fixture.js';

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const CALLERS = 50;
const GOAL = 0.8;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

/** The ten fields of the company with fields: every indexed kind, and a long text. */
const FIELDS = [
  { key: 'roof', type: 'choice', choices: Array.from({ length: 10 }, (_, i) => ({ key: `c${i}`, label: `Choice ${i}` })) },
  { key: 'family_size', type: 'number' },
  { key: 'landmark', type: 'text' },
  { key: 'budget', type: 'money' },
  { key: 'visit_date', type: 'date' },
  { key: 'has_roof', type: 'yesNo' },
  { key: 'alt_phone', type: 'phone' },
  { key: 'alt_email', type: 'email' },
  { key: 'tags', type: 'multiChoice', choices: Array.from({ length: 5 }, (_, i) => ({ key: `t${i}`, label: `Tag ${i}` })) },
  { key: 'story', type: 'longText' },
] as const;

/** Each field's value for the company's lead number {n}: the column, and its SQL. */
const VALUE_SQL: Record<string, [string, string]> = {
  // the lead's place among its telecaller's ({n} / 50) and in the company: every value comes round in both
  roof: ['v_text', `'c' || (({n} / 50 + {n}) % 10)`],
  family_size: ['v_num', `(({n} / 50 + {n}) % 100)`],
  landmark: ['v_text', `'Near gate ' || ({n} % 1000)`],
  budget: ['v_num', `({n} % 50000) * 100`],
  visit_date: ['v_text', `'2026-11-' || (10 + {n} % 20)`],
  has_roof: ['v_num', `({n} % 2)`],
  alt_phone: ['v_text', `'+91' || (7000000000 + {n})`],
  alt_email: ['v_text', `'lead' || {n} || '@mail.test'`],
  tags: ['v_text', `'t' || ({n} % 5)`],
  story: ['v_long', `'A story of lead ' || {n}`],
};

/** `count` leads of a company, spread over its telecallers' Pending queues, in one statement. */
export async function seedLeads(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', subadminId: number, callers: number[], count: number, mobileBase: number) {
  const now = new Date().toISOString();
  const yesterday = new Date(Date.now() - 86_400_000).toISOString();
  const series =
    dialect === 'sqlite'
      ? `with recursive s(n) as (select 1 union all select n + 1 from s where n < ${count})`
      : `with s(n) as (select generate_series(1, ${count}))`;
  const callerOf = `(case (n % ${callers.length}) ${callers.map((id, i) => `when ${i} then ${id}`).join(' ')} end)`;
  await sql
    .raw(
      `${series} insert into leads (subadmin_id, visible, name, mobile, requirement, area, category, upload_date, telicaller_id, telicaller_send_date, status, created_at, updated_at)
       select ${subadminId}, 1, 'Lead ' || n, cast(${mobileBase} + n as text), 'Solar', 'Pune', 'Bench', '${now}', ${callerOf}, '${yesterday}', '0', '${now}', '${now}' from s`,
    )
    .execute(db);
}

export async function seedFields(db: Kysely<DB>, subadminId: number): Promise<void> {
  const now = new Date().toISOString();
  for (const [i, f] of FIELDS.entries()) {
    const row = await db
      .insertInto('lead_fields')
      .values({
        subadmin_id: subadminId,
        key: f.key,
        label: f.key,
        type: f.type,
        choices: 'choices' in f ? JSON.stringify(f.choices) : null,
        required: 0,
        statuses: null,
        callers_edit: 1,
        on_cards: 0,
        hidden: 0,
        retired_at: null,
        position: i,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const [column, value] = VALUE_SQL[f.key]!;
    const item = f.type === 'multiChoice' ? value : `''`;
    // the lead's number in its company: its id from the first one
    await sql
      .raw(
        `insert into lead_values (lead_id, field_id, item, subadmin_id, ${column})
         select id, ${row.id}, ${item.replaceAll('{n}', '(id - first.f + 1)')}, ${subadminId}, ${value.replaceAll('{n}', '(id - first.f + 1)')}
         from leads, (select min(id) as f from leads where subadmin_id = ${subadminId}) as first where subadmin_id = ${subadminId}`,
      )
      .execute(db);
  }
}

/** The storage not chosen: the same values as one JSON document a lead (bench only, no index). */
export async function seedJson(db: Kysely<DB>, dialect: 'sqlite' | 'postgres', subadminId: number) {
  await sql.raw(`alter table leads add column bench_fields ${dialect === 'sqlite' ? 'text' : 'jsonb'}`).execute(db);
  const first = `(select min(id) from leads where subadmin_id = ${subadminId})`;
  const doc =
    dialect === 'sqlite'
      ? `json_object('roof', 'c' || (((id - ${first} + 1) / 50 + id - ${first} + 1) % 10), 'landmark', 'Near gate ' || ((id - ${first} + 1) % 1000))`
      : `jsonb_build_object('roof', 'c' || (((id - ${first} + 1) / 50 + id - ${first} + 1) % 10), 'landmark', 'Near gate ' || ((id - ${first} + 1) % 1000))`;
  await sql.raw(`update leads set bench_fields = ${doc} where subadmin_id = ${subadminId}`).execute(db);
}

/** Calls `step` in a loop for SECONDS after a second of warm-up: calls a second. */
async function rate(step: () => Promise<unknown>): Promise<number> {
  const warm = performance.now() + 1000;
  while (performance.now() < warm) await step();
  let n = 0;
  const start = performance.now();
  const stop = start + SECONDS * 1000;
  while (performance.now() < stop) {
    await step();
    n++;
  }
  return n / ((performance.now() - start) / 1000);
}

const CHOICE: FieldFilter[] = [{ key: 'roof', anyOf: ['c3'] }];
const RANGE: FieldFilter[] = [{ key: 'family_size', min: 20, max: 29 }];

async function benchOn(label: string, target: BenchDatabase): Promise<void> {
  const database = createDatabase(target.databaseUrl, { pgSchema: target.pgSchema });
  const { db, dialect } = database;
  try {
    const t0 = performance.now();
    const withFields = await insertCompanyAndUsers(db, CALLERS);
    // the fixture's telecallers' mobiles are fixed, and a mobile is one user's
    await db.updateTable('users').set({ mobile: sql`'7' || substr(mobile, 2)` }).where('subadmin_id', '=', withFields.subadminId).execute();
    const plain = await insertCompanyAndUsers(db, CALLERS);
    await seedLeads(db, dialect, withFields.subadminId, withFields.userIds, LEADS, 6_000_000_000);
    await seedLeads(db, dialect, plain.subadminId, plain.userIds, LEADS, 6_000_000_000);
    await seedFields(db, withFields.subadminId);
    await seedJson(db, dialect, withFields.subadminId);
    // as autovacuum would have by then: statistics, and the visibility map index-only scans read
    await (dialect === 'postgres' ? sql`vacuum analyze leads, lead_values` : sql`analyze`).execute(db);
    console.log(`  ${label}: seeded ${fmt(LEADS)} leads with 10 values each and ${fmt(LEADS)} without, in ${((performance.now() - t0) / 1000).toFixed(0)} s`);

    const deps = { db, dialect } as unknown as Deps;
    const owner = (subadminId: number): SubadminActor => ({ kind: 'subadmin', id: subadminId, subadminId, sessionId: 0 });
    const caller = (subadminId: number, id: number): UserActor => ({
      kind: 'user',
      id,
      subadminId,
      userType: 'Telicaller',
      impersonatedBy: null,
      sessionId: 0,
    });
    const page = { page: 1, pageSize: 20 };
    const listPlain = () => pageUploadedLeads(deps, owner(plain.subadminId), { ...page, assigned: 'all', category: undefined });
    const list = (fields: FieldFilter[]) => () =>
      pageUploadedLeads(deps, owner(withFields.subadminId), { ...page, assigned: 'all', category: undefined, fields });
    const queuePlain = () => pageQueue(deps, caller(plain.subadminId, plain.userIds[1]!), { ...page, queue: 'pending' });
    const queue = (fields: FieldFilter[]) => () =>
      pageQueue(deps, caller(withFields.subadminId, withFields.userIds[1]!), { ...page, queue: 'pending', fields });
    // the storage measure: the same page and the same count from lead_values and from a JSON column
    const json = (key: string) => (dialect === 'sqlite' ? sql`json_extract(l.bench_fields, ${`$.${key}`})` : sql`l.bench_fields ->> ${key}`);
    const { fields: benchFields } = await companyShape(db, withFields.subadminId);
    const pageOf = (q: ReturnType<typeof visibleLeads>) => () =>
      pageLookingAhead(q, page, (p) => p.select(['l.id', 'l.name', 'l.mobile']).orderBy('l.id', 'desc'));
    const byValues = (filters: FieldFilter[]) => withFieldFilters(visibleLeads(db, withFields.subadminId), resolveFieldFilters(benchFields, filters, dialect));
    const byJson = (key: string, value: string) => visibleLeads(db, withFields.subadminId).where(json(key), '=', value);
    const SPARSE: FieldFilter[] = [{ key: 'landmark', equals: 'Near gate 7' }];
    const roofId = benchFields.find((f) => f.key === 'roof')!.id;
    const countValues = () =>
      db
        .selectFrom('lead_values as fv')
        .innerJoin('leads as l', 'l.id', 'fv.lead_id')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('fv.field_id', '=', roofId)
        .where('fv.v_text', '=', 'c3')
        .where('l.visible', '=', 1)
        .executeTakeFirst();
    const countJson = () =>
      byJson('roof', 'c3')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst();

    if (process.env.BENCH_EXPLAIN) {
      const { fields } = await companyShape(db, withFields.subadminId);
      for (const filters of [CHOICE, RANGE]) {
        const base = withFieldFilters(uploadedLeads(db, withFields.subadminId, { assigned: 'all' }), resolveFieldFilters(fields, filters, dialect));
        const scope = scopeOf(caller(withFields.subadminId, withFields.userIds[1]!), await companyRules(db, withFields.subadminId));
        const queued = withFieldFilters(queueLeads(db, 'pending', scope), resolveFieldFilters(fields, filters, dialect));
        for (const q of [base.select('l.id').orderBy('l.id', 'desc').limit(21), queued.select('l.id').orderBy('l.id').limit(21)]) {
          const c = q.compile();
          const text = dialect === 'sqlite' ? `explain query plan ${c.sql}` : `explain (analyze, buffers off) ${c.sql}`;
          const rows = (await db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [...c.parameters]))).rows;
          console.log(`    ${c.sql}\n      ${rows.map((r) => r.detail ?? r['QUERY PLAN']).join('\n      ')}`);
        }
      }
    }
    const check = await list(CHOICE)();
    if (!check.items.length || check.items.some((r) => r.fields.roof !== 'c3')) throw new Error('the choice filter found the wrong leads');

    const measures: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ['company list, choice (~10%)', list(CHOICE), listPlain],
      ['company list, number range', list(RANGE), listPlain],
      ['queue page, choice (~10%)', queue(CHOICE), queuePlain],
      ['queue page, number range', queue(RANGE), queuePlain],
    ];
    const storage: Array<[string, () => Promise<unknown>, () => Promise<unknown>]> = [
      ['page, choice (~10%)', pageOf(byValues(CHOICE)), pageOf(byJson('roof', 'c3'))],
      ['page, text (0.1%)', pageOf(byValues(SPARSE)), pageOf(byJson('landmark', 'Near gate 7'))],
      ['count, choice (~10%)', countValues, countJson],
    ];
    for (const [name, filtered, plainStep] of measures) {
      // in turns, so that a machine slowing down touches both sides alike
      const a1 = await rate(filtered);
      const b1 = await rate(plainStep);
      const a2 = await rate(filtered);
      const b2 = await rate(plainStep);
      const a = (a1 + a2) / 2;
      const b = (b1 + b2) / 2;
      const ratio = a / b;
      const judged = ratio >= GOAL ? 'MET' : 'MISSED';
      console.log(
        `    ${name.padEnd(38)} ${fmt(a).padStart(6)}/s vs no fields ${fmt(b).padStart(6)}/s = ${String(Math.round(ratio * 100)).padStart(4)}% ${judged}`,
      );
    }
    console.log('    storage: lead_values (indexed rows) vs a JSON column (no index), same query otherwise');
    for (const [name, values, json] of storage) {
      const a = (await rate(values)) + (await rate(values));
      const b = (await rate(json)) + (await rate(json));
      console.log(`    ${name.padEnd(38)} lead_values ${fmt(a / 2).padStart(6)}/s vs JSON ${fmt(b / 2).padStart(6)}/s`);
    }
    console.log(
      `    load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  console.log(
    `${fmt(LEADS)} leads with 10 fields vs ${fmt(LEADS)} without, pages of 20, ${SECONDS} s a measure (x2, in turns); load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
  await onEachDatabase('lead-fields', benchOn);
}
