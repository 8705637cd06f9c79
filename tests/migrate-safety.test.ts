import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialects } from './helpers/app.js';
import { insertCompany, insertLead } from './helpers/fixtures.js';
import { createDatabase, type Database, type Dialect } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { sqliteIntegrityProblem } from '../server/db/sqlite-copy.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import type { DB } from '../server/db/schema.js';
import { migrations, type Migration } from '../migrations/index.js';

const LATEST = migrations.at(-1)!.name;

/** A migration that changes the schema and the data, then fails (as one meeting data it did not expect would). */
const failingHalfway: Migration = {
  name: '9002_fails_halfway',
  async up(db) {
    await db.schema
      .createTable('half_made')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
    await db.schema.alterTable('subadmins').addColumn('half_made_note', 'text').execute();
    await sql`update subadmins set name = 'changed by a failed migration'`.execute(db);
    throw new Error('the data is not what this migration expects');
  },
};

/** A migration that works: one table more. */
const addsTable = (name: string): Migration => ({
  name,
  async up(db) {
    await db.schema
      .createTable(`made_by_${name}`)
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .execute();
  },
});

/** Everything a migration could change: the tables and their columns, the rows, the applied migrations. */
async function snapshot(db: Kysely<DB>) {
  const tables = (await db.introspection.getTables({ withInternalKyselyTables: true }))
    .map((t) => ({ name: t.name, columns: t.columns.map((c) => `${c.name} ${c.dataType}`) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    tables,
    subadmins: await db.selectFrom('subadmins').selectAll().orderBy('id').execute(),
    leads: await db.selectFrom('leads').selectAll().orderBy('id').execute(),
    migrations: (await sql`select * from kysely_migration order by name`.execute(db)).rows,
  };
}

const preMigrateCopies = (dir: string) => (fs.existsSync(path.join(dir, 'backups')) ? fs.readdirSync(path.join(dir, 'backups')).sort() : []);

function readSqlite<T>(file: string, read: (db: InstanceType<ReturnType<typeof sqliteDriver>['Database']>) => T): T {
  const db = new (sqliteDriver().Database)(file, { readonly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

describe.each(dialects)('migrations on %s: all or none', (dialect: Dialect) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const c of cleanups.reverse()) await c();
    cleanups.length = 0;
  });

  /** A new database, migrated to the latest: SQLite in a folder of its own, Postgres in a schema of its own. */
  async function migratedDatabase(): Promise<{ database: Database; dir: string; pgSchema?: string }> {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-migrate-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    let database: Database;
    let pgSchema: string | undefined;
    if (dialect === 'postgres') {
      pgSchema = `m_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create schema ${pgSchema}`);
      cleanups.push(async () => {
        await admin.query(`drop schema ${pgSchema} cascade`);
        await admin.end();
      });
      database = createDatabase(process.env.TEST_DATABASE_URL!, { pgSchema });
    } else {
      database = createDatabase(`sqlite:${path.join(dir, 'app.db')}`);
    }
    cleanups.push(() => database.close());
    const first = await migrateToLatest(database.db, dialect, pgSchema);
    expect(first.applied).toEqual(migrations.map((m) => m.name));
    // A brand-new database has nothing to keep.
    expect(first.backup).toBeUndefined();
    expect(preMigrateCopies(dir)).toEqual([]);
    return { database, dir, pgSchema };
  }

  it('leaves the schema, the data and the applied migrations as they were when a migration fails, and the database works on', async () => {
    const { database, dir, pgSchema } = await migratedDatabase();
    const { db } = database;
    const company = await insertCompany(db);
    await insertLead(db, company.id, { name: 'Kept lead' });
    const before = await snapshot(db);

    // One run: a migration that works, then one that fails halfway. Neither stays.
    const run = migrateToLatest(db, dialect, pgSchema, { migrations: [...migrations, addsTable('9001_works'), failingHalfway] });
    await expect(run).rejects.toThrow(/^migration 9002_fails_halfway failed; the database is as it was.*: the data is not what this migration expects$/);
    expect(await snapshot(db)).toEqual(before);

    const later = await insertCompany(db);
    expect(await db.selectFrom('subadmins').select('email').where('id', '=', later.id).executeTakeFirst()).toEqual({ email: later.email });
    expect(await migrateToLatest(db, dialect, pgSchema)).toEqual({ applied: [] });

    if (dialect === 'sqlite') {
      // The copy made before migrating is a sound database with the data, named after where it was.
      const copies = preMigrateCopies(dir);
      expect(copies).toEqual([expect.stringMatching(new RegExp(`^pre-migrate-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z-${LATEST}\\.db$`))]);
      const copy = path.join(dir, 'backups', copies[0]!);
      await expect(run).rejects.toThrow(`(the copy made before is ${copy})`);
      expect(sqliteIntegrityProblem(copy)).toBeUndefined();
      expect(readSqlite(copy, (c) => c.prepare('select name from leads').all())).toEqual([{ name: 'Kept lead' }]);
    }
  });

  it.runIf(dialect === 'sqlite')('copies the database before each upgrade, keeping the last three copies', async () => {
    const { database, dir } = await migratedDatabase();
    await insertCompany(database.db);
    const steps = ['9001_step', '9002_step', '9003_step', '9004_step'].map(addsTable);
    const made: string[] = [];
    for (let i = 0; i < steps.length; i++) {
      const run = await migrateToLatest(database.db, 'sqlite', undefined, { migrations: [...migrations, ...steps.slice(0, i + 1)] });
      expect(run.applied).toEqual([steps[i]!.name]);
      made.push(run.backup!);
      // Each copy is the database before its upgrade: the step before it, not its own.
      const tables = readSqlite(run.backup!, (c) => c.prepare(`select name from sqlite_master where name like 'made_by_%' order by name`).all());
      expect(tables).toEqual(steps.slice(0, i).map((s) => ({ name: `made_by_${s.name}` })));
    }
    expect(made.map((f) => path.basename(f).replace(/^pre-migrate-[\dT-]+Z-/, ''))).toEqual([`${LATEST}.db`, '9001_step.db', '9002_step.db', '9003_step.db']);
    expect(preMigrateCopies(dir)).toEqual(made.slice(1).map((f) => path.basename(f)));
    // Up to date: nothing to copy.
    expect(await migrateToLatest(database.db, 'sqlite', undefined, { migrations: [...migrations, ...steps] })).toEqual({ applied: [] });
    expect(preMigrateCopies(dir)).toHaveLength(3);
  });

  it.runIf(dialect === 'sqlite')('makes no copy of a database in memory', async () => {
    const database = createDatabase('sqlite::memory:');
    cleanups.push(() => database.close());
    await migrateToLatest(database.db, 'sqlite');
    await insertCompany(database.db);
    const run = await migrateToLatest(database.db, 'sqlite', undefined, { migrations: [...migrations, addsTable('9001_works')] });
    expect(run).toEqual({ applied: ['9001_works'] });
  });
});
