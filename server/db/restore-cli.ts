// `npm run restore -- <backup folder>`: puts back a backup made by `npm run backup` (restore.ts),
// into the DATABASE_URL and UPLOADS_DIR the server uses, with the server stopped.
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { restore, RestoreRefused, type RestoreResult } from './restore.js';

function report({ database, uploads }: RestoreResult): string[] {
  const lines =
    database.kind === 'sqlite'
      ? [
          `database restored into ${database.file} (at migration ${database.migration})`,
          database.replaced
            ? `the database it replaced is kept at ${database.replaced}: delete it once the restored data is checked`
            : 'there was no database there before',
        ]
      : [`database restored into ${database.database} (${database.tables} tables)`];
  lines.push(`uploads: ${uploads.copied + uploads.kept} file(s) in ${uploads.dir} (${uploads.copied} copied, ${uploads.kept} already there)`);
  if (uploads.asideDir) lines.push(`${uploads.movedAside} uploaded file(s) the backup does not have were moved to ${uploads.asideDir}`);
  lines.push('start the server: it applies the migrations this version has and the backup lacks');
  return lines;
}

const dir = process.argv[2];
if (!dir) {
  console.error('usage: npm run restore -- <folder made by npm run backup>');
  process.exit(1);
}
try {
  const config = loadConfig();
  const result = await restore({ dir: path.resolve(dir), databaseUrl: config.databaseUrl, uploadsDir: config.uploadsDir });
  for (const line of report(result)) console.log(line);
} catch (err) {
  if (err instanceof RestoreRefused || err instanceof ConfigError) console.error(`restore refused, nothing was changed: ${err.message}`);
  else console.error(`restore failed: ${(err as Error).message}`);
  process.exit(1);
}
