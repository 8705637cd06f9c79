import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { migrations } from '../migrations/index.js';

const url = process.env.TEST_DATABASE_URL;

// Test runs side by side on one Postgres each create and drop their own schemas; migrating one
// must not trip over another being dropped at that moment.
describe.runIf(url)('migrations on Postgres beside other schemas coming and going', () => {
  it('migrates fresh schemas while other connections create and drop theirs', async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ours = Array.from({ length: 3 }, () => `m_${randomBytes(5).toString('hex')}`);
    let churning = true;
    const churn = (async () => {
      let n = 0;
      while (churning) {
        const name = `churn_${randomBytes(5).toString('hex')}`;
        await admin.query(`create schema ${name}; create table ${name}.t (id serial primary key, v text); create table ${name}.u (id serial primary key)`);
        await admin.query(`drop schema ${name} cascade`);
        n++;
      }
      return n;
    })();
    try {
      for (const schema of ours) {
        await admin.query(`create schema ${schema}`);
        const database = createDatabase(url!, { pgSchema: schema });
        try {
          expect((await migrateToLatest(database.db, 'postgres', schema)).applied).toEqual(migrations.map((m) => m.name));
          expect((await migrateToLatest(database.db, 'postgres', schema)).applied).toEqual([]);
        } finally {
          await database.close();
        }
      }
    } finally {
      churning = false;
      expect(await churn).toBeGreaterThan(0);
      for (const schema of ours) await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  }, 60_000);
});
