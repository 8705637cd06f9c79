import { loadConfig } from '../config.js';
import { createDatabase } from './database.js';
import { migrateToLatest } from './migrate.js';

const config = loadConfig();
const database = createDatabase(config.databaseUrl);
try {
  const applied = await migrateToLatest(database.db, database.dialect);
  console.log(applied.length ? `applied: ${applied.join(', ')}` : 'database is up to date');
} finally {
  await database.close();
}
