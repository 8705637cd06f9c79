// The databases a server bench runs on: a fresh SQLite file, then Postgres in a schema of its own
// when BENCH_DATABASE_URL or TEST_DATABASE_URL is set; each migrated, for a server to start on.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { withBenchSchema } from './pg-schema.js';

export interface BenchDatabase {
  databaseUrl: string;
  pgSchema?: string;
}

export async function onEachDatabase(name: string, benchOn: (label: string, db: BenchDatabase) => Promise<void>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `bench-${name}-`));
  try {
    const sqliteUrl = `sqlite:${path.join(dir, 'bench.db')}`;
    const sqlite = createDatabase(sqliteUrl);
    await migrateToLatest(sqlite.db, sqlite.dialect);
    await sqlite.close();
    await benchOn('SQLite', { databaseUrl: sqliteUrl });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!pgUrl) {
    console.log('  Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    return;
  }
  await withBenchSchema(pgUrl, async (schema) => {
    const database = createDatabase(pgUrl, { pgSchema: schema });
    await migrateToLatest(database.db, database.dialect, schema);
    await database.close();
    await benchOn('Postgres', { databaseUrl: pgUrl, pgSchema: schema });
  });
}
