// `npm run migrate`: applies the pending migrations, all or none; on SQLite an existing database is
// copied first into backups/ beside it (pre-migrate-backup.ts).
import { loadConfig } from '../config.js';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  const { applied, backup } = await migrateToLatest(database.db, database.dialect);
  if (backup) console.log(`database copied before migrating: ${backup}`);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await database.close();
}
