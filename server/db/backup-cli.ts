// `npm run backup [-- <folder>]`: a consistent copy of the database and the uploaded files while the
// server runs, in BACKUP_DIR/<time> unless a folder is given. docs/deployment.md#backup-and-restore restores it.
import path from 'node:path';
import { loadConfig } from '../config.js';
import { backup } from './backup.js';

const config = loadConfig();
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const dir = path.resolve(process.argv[2] ?? path.join(config.backupDir, stamp));
try {
  const r = await backup({ databaseUrl: config.databaseUrl, uploadsDir: config.uploadsDir, dir });
  console.log(`backup in ${r.dir}: ${path.basename(r.databaseFile)} (${(r.databaseBytes / 1024 / 1024).toFixed(1)} MB) and ${r.files} uploaded file(s)`);
} catch (err) {
  console.error(`backup failed: ${(err as Error).message}`);
  process.exit(1);
}
