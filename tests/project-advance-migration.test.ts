import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { insertCompany, insertUser } from './helpers/fixtures.js';
import { createDatabase, type Database, type Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { nowIso } from '../server/db/dialect.js';
import { migrations } from '../migrations/index.js';

const ADVANCE = '0027_project_advance';
const before = migrations.slice(
  0,
  migrations.findIndex((m) => m.name === ADVANCE),
);

describe.each(dialects)('the project advance migration on %s', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });

  async function databaseBeforeAdvance(): Promise<{ database: Database; pgSchema?: string }> {
    if (dialect === 'sqlite') {
      const database = createDatabase('sqlite::memory:');
      cleanups.push(() => database.close());
      await migrateToLatest(database.db, dialect, undefined, { migrations: before });
      return { database };
    }
    const pgSchema = `m_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create schema ${pgSchema}`);
    cleanups.push(async () => {
      await admin.query(`drop schema ${pgSchema} cascade`);
      await admin.end();
    });
    const database = createDatabase(process.env.TEST_DATABASE_URL!, { pgSchema });
    cleanups.push(() => database.close());
    await migrateToLatest(database.db, dialect, pgSchema, { migrations: before });
    return { database, pgSchema };
  }

  it('gives each existing project back the advance it was created with: what is received less the approved updates', async () => {
    const { database, pgSchema } = await databaseBeforeAdvance();
    const { db } = database;
    const company = await insertCompany(db, {}, { feedbackChoices: false });
    const caller = await insertUser(db, company.id);
    const now = nowIso();
    const project = async (receivedPaise: number, status: number) =>
      (
        await db
          .insertInto('projects')
          .values({
            subadmin_id: company.id,
            telicaller_id: caller.id,
            project_name: 'Website',
            clint_name: 'Client',
            number: '9876543210',
            price_paise: 20_000_000,
            received_paise: receivedPaise,
            commission_percentage: 10,
            endtime: '2030-01-01',
            status,
            previous_status: null,
            lead_id: null,
            created_at: now,
            updated_at: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const payment = (projectId: number, kind: 'advance' | 'update', amount: number, after: number) =>
      db
        .insertInto('project_payments')
        .values({
          subadmin_id: company.id,
          project_id: projectId,
          amount_paise: amount,
          received_after_paise: after,
          kind,
          request_id: null,
          approved_by_kind: 'subadmin',
          approved_by_id: company.id,
          approved_by_name: 'Owner',
          created_at: now,
        })
        .execute();
    // Advance 50,000, then updates to 1,00,000 and 1,50,000.
    const updated = await project(15_000_000, 1);
    await payment(updated, 'advance', 5_000_000, 5_000_000);
    await payment(updated, 'update', 5_000_000, 10_000_000);
    await payment(updated, 'update', 5_000_000, 15_000_000);
    const waiting = await project(2_500_000, 0);
    const none = await project(0, 1);

    expect(await migrateToLatest(db, dialect, pgSchema)).toMatchObject({ applied: migrations.slice(before.length).map((m) => m.name) });
    const rows = await db.selectFrom('projects').select(['id', 'advance_paise', 'received_paise']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: updated, advance_paise: 5_000_000, received_paise: 15_000_000 },
      { id: waiting, advance_paise: 2_500_000, received_paise: 2_500_000 },
      { id: none, advance_paise: 0, received_paise: 0 },
    ]);
  });
});
