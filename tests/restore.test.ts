import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appOnDatabase, buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { legacy, signIn } from './helpers/http.js';
import { multipart } from './helpers/multipart.js';
import { PNG } from './helpers/files.js';
import { insertCompany, PASSWORD } from './helpers/fixtures.js';
import { createScratchDatabase, Leftovers } from './helpers/scratch-databases.js';
import { ROOT } from './helpers/server-process.js';
import { backup } from '../server/db/backup.js';
import { restore, RestoreRefused } from '../server/db/restore.js';
import { createDatabase } from '../server/db/database.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';
import { sqliteIntegrityProblem } from '../server/db/sqlite-copy.js';
import { migrateToLatest } from '../server/db/migrate.js';

const STORED = /^[0-9a-f-]{36}\.png$/;
const aStoredName = () => `${randomUUID()}.png`;

/** Whether a SQLite file, read as it is on disk (with its -wal, if any), has the company. */
function hasCompany(file: string, id: number): boolean {
  const db = new (sqliteDriver().Database)(file, { readonly: true });
  try {
    const tables = db.prepare(`select 1 from sqlite_master where name = 'subadmins'`).get();
    return tables !== undefined && db.prepare('select 1 from subadmins where id = ?').get(id) !== undefined;
  } finally {
    db.close();
  }
}

/** `npm run restore` as a process of its own: its exit code and what it printed. */
function runRestoreCli(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/restore-cli.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe.each(dialects)('npm run restore on %s', (dialect) => {
  let t: TestApp;
  let dir: string;
  let backupDir: string;
  let company: Awaited<ReturnType<typeof signedInCompany>>['company'];
  let leadsInBackup: number;
  let bannerFile: string;
  const leftovers = new Leftovers();
  const cleanups: Array<() => Promise<void>> = [];

  /** A fresh place to restore into: a SQLite file not yet made, or a new Postgres database. */
  const freshTarget = async (name: string) => {
    if (dialect === 'sqlite') return `sqlite:${path.join(dir, name, 'app.db')}`;
    const scratch = await createScratchDatabase('restore');
    leftovers.databases.push(scratch.name);
    return scratch.url;
  };

  /** A server on a restored database: the test app's Postgres schema is the one the dump holds. */
  const serverOn = async (url: string, uploadsDir: string) => {
    const built = await appOnDatabase(url, uploadsDir, t.database.pgSchema);
    cleanups.push(() => built.close());
    return built;
  };

  const countLeads = (db: TestApp['deps']['db']) =>
    db
      .selectFrom('leads')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('subadmin_id', '=', company.id)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-restore-'));
    const signed = await signedInCompany(t);
    company = signed.company;
    const form = multipart([['image', { filename: 'banner.png', content: PNG, type: 'image/png' }]]);
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/webapi/insertBanner',
      headers: { authorization: `Bearer ${signed.owner.token}`, 'content-type': form.contentType },
      payload: form.payload,
    });
    expect(stored.statusCode).toBe(200);
    bannerFile = fs.readdirSync(t.uploadsDir).find((n) => STORED.test(n))!;
    for (let i = 0; i < 3; i++) {
      await t.deps.db
        .insertInto('leads')
        .values({
          subadmin_id: company.id,
          name: `Kept ${i}`,
          mobile: `97${String(10_000_000 + i)}`,
          requirement: '',
          area: '',
          category: 'Local Leads',
          upload_date: new Date().toISOString(),
          status: '0',
          visible: 1,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
        })
        .execute();
    }
    leadsInBackup = await countLeads(t.deps.db);
    backupDir = path.join(dir, 'backup');
    const config = t.deps.config;
    await backup({ databaseUrl: config.databaseUrl, uploadsDir: config.uploadsDir, dir: backupDir, pgSchema: t.database.pgSchema });
  });
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await leftovers.clear();
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('restores into a fresh place, and a server started on it has the data and the files', async () => {
    const url = await freshTarget('fresh');
    const uploadsDir = path.join(dir, 'fresh-uploads');
    const result = await restore({ dir: backupDir, databaseUrl: url, uploadsDir });
    expect(result.uploads).toMatchObject({ copied: 1, kept: 0, movedAside: 0 });
    if (result.database.kind === 'sqlite') expect(result.database.replaced).toBeUndefined();

    const restored = await serverOn(url, uploadsDir);
    expect(await countLeads(restored.database.db)).toBe(leadsInBackup);
    const owner = await signIn(restored.app, { kind: 'subadmin', email: company.email, password: PASSWORD });
    const banners = await legacy(restored.app, 'GET', '/featchBanner', owner);
    const image = await restored.app.inject({ method: 'GET', url: `/uploads/${banners.body.data[0].image.split('/').pop()}` });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses, changing nothing, a folder that is not a backup or is of the other database', async () => {
    const uploadsDir = path.join(dir, 'refused-uploads');
    const url = dialect === 'sqlite' ? `sqlite:${path.join(dir, 'refused', 'app.db')}` : process.env.TEST_DATABASE_URL!;
    const empty = fs.mkdtempSync(path.join(dir, 'empty-'));
    await expect(restore({ dir: empty, databaseUrl: url, uploadsDir })).rejects.toThrow(
      new RestoreRefused(`${empty} is not a backup made by \`npm run backup\`: it holds neither app.db (SQLite) nor database.dump (Postgres)`),
    );
    await expect(restore({ dir: path.join(dir, 'nowhere'), databaseUrl: url, uploadsDir })).rejects.toThrow('does not exist');
    const other = dialect === 'sqlite' ? 'postgres://postgres@127.0.0.1:5432/elsewhere' : `sqlite:${path.join(dir, 'refused', 'app.db')}`;
    await expect(restore({ dir: backupDir, databaseUrl: other, uploadsDir })).rejects.toThrow(
      /^the backup is of a \w+ database but DATABASE_URL names a \w+ one$/,
    );
    expect(fs.existsSync(path.join(dir, 'refused'))).toBe(false);
    expect(fs.existsSync(uploadsDir)).toBe(false);
  });

  it('runs as `npm run restore`: restores, then refuses a non-empty target, a running server and a folder that is not a backup', async () => {
    const url = await freshTarget('cli');
    const uploadsDir = path.join(dir, 'cli-uploads');
    const ok = await runRestoreCli([backupDir], { DATABASE_URL: url, UPLOADS_DIR: uploadsDir });
    expect(ok.stderr).toBe('');
    expect(ok.code).toBe(0);
    const lines = ok.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      dialect === 'sqlite'
        ? /^database restored into \/.+\/app\.db \(at migration \d{4}_\w+\)$/
        : /^database restored into restore_\w+ on [\w.]+:\d+ \(\d+ tables\)$/,
    );
    expect(lines).toContain(`uploads: 1 file(s) in ${uploadsDir} (1 copied, 0 already there)`);
    const restored = await serverOn(url, uploadsDir);
    expect(await countLeads(restored.database.db)).toBe(leadsInBackup);

    if (dialect === 'postgres') {
      // The database restored into has the app's tables now.
      const again = await runRestoreCli([backupDir], { DATABASE_URL: url, UPLOADS_DIR: uploadsDir });
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(
        /^restore refused, nothing was changed: restore_\w+ on [\w.]+:\d+ is not empty \(it has schema (t_\w+), \1\.admins, .+ more\): create an empty database \(createdb <name>\), point DATABASE_URL at it, and restore again\n$/,
      );
      expect(await countLeads(restored.database.db)).toBe(leadsInBackup);
    } else {
      // The test app is a server running on its own file.
      const file = t.deps.config.databaseUrl.slice('sqlite:'.length);
      const running = await runRestoreCli([backupDir], { DATABASE_URL: t.deps.config.databaseUrl, UPLOADS_DIR: t.uploadsDir });
      expect(running.code).toBe(1);
      expect(running.stderr).toBe(
        `restore refused, nothing was changed: the server appears to be running on ${file} (another process has it open): stop the server, then restore\n`,
      );
      expect(fs.readdirSync(path.dirname(file)).filter((n) => n.includes('before-restore') || n.includes('restoring'))).toEqual([]);
      await insertCompany(t.deps.db);
    }

    const notBackup = await runRestoreCli([dir], { DATABASE_URL: url, UPLOADS_DIR: uploadsDir });
    expect(notBackup.code).toBe(1);
    expect(notBackup.stderr).toBe(
      `restore refused, nothing was changed: ${dir} is not a backup made by \`npm run backup\`: it holds neither app.db (SQLite) nor database.dump (Postgres)\n`,
    );
  }, 60_000);

  it.runIf(dialect === 'sqlite')('replaces an existing database and uploads, keeping what it replaced aside to undo the restore', async () => {
    const url = await freshTarget('existing');
    const file = url.slice('sqlite:'.length);
    const uploadsDir = path.join(dir, 'existing-uploads');
    // The place restored into has a database of its own as a server killed mid-run leaves it (its
    // last rows only in the -wal), and uploads of its own.
    const running = path.join(dir, 'existing-running', 'app.db');
    const before = createDatabase(`sqlite:${running}`);
    await migrateToLatest(before.db, 'sqlite');
    const later = await insertCompany(before.db);
    fs.mkdirSync(path.dirname(file));
    for (const suffix of ['', '-wal']) fs.copyFileSync(running + suffix, file + suffix);
    await before.close();
    const mainFileAlone = path.join(dir, 'existing-running', 'alone.db');
    fs.copyFileSync(file, mainFileAlone);
    expect(hasCompany(mainFileAlone, later.id)).toBe(false);
    fs.mkdirSync(uploadsDir);
    const stray = aStoredName();
    fs.writeFileSync(path.join(uploadsDir, stray), PNG);
    fs.writeFileSync(path.join(uploadsDir, bannerFile), PNG);

    const at = new Date('2026-01-02T03:04:05.006Z');
    const result = await restore({ dir: backupDir, databaseUrl: url, uploadsDir, now: at });
    const replaced = `${file}.before-restore-2026-01-02T03-04-05-006Z`;
    expect(result.database).toEqual({ kind: 'sqlite', file, migration: expect.stringMatching(/^\d{4}_/), replaced });
    expect(result.uploads).toEqual({
      dir: uploadsDir,
      copied: 0,
      kept: 1,
      movedAside: 1,
      asideDir: path.join(uploadsDir, 'before-restore-2026-01-02T03-04-05-006Z'),
    });
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
    expect(fs.readdirSync(uploadsDir).filter((n) => STORED.test(n))).toEqual([bannerFile]);
    expect(fs.readdirSync(result.uploads.asideDir!)).toEqual([stray]);

    // The database kept aside is whole, with what the restore replaced, -wal and all.
    expect(sqliteIntegrityProblem(replaced)).toBeUndefined();
    expect(hasCompany(replaced, later.id)).toBe(true);
    const restored = await serverOn(url, uploadsDir);
    expect(await countLeads(restored.database.db)).toBe(leadsInBackup);
    expect(await restored.database.db.selectFrom('subadmins').select('id').where('email', '=', later.email).executeTakeFirst()).toBeUndefined();
  });

  it.runIf(dialect === 'sqlite')('refuses a damaged backup, and one made by a newer version of the app', async () => {
    const url = `sqlite:${path.join(dir, 'untouched', 'app.db')}`;
    const uploadsDir = path.join(dir, 'untouched-uploads');
    const copyOfBackup = (name: string) => {
      const to = path.join(dir, name);
      fs.cpSync(backupDir, to, { recursive: true });
      return to;
    };
    const damaged = copyOfBackup('damaged');
    const bytes = fs.readFileSync(path.join(damaged, 'app.db'));
    bytes.fill(0x5a, 0, 100);
    fs.writeFileSync(path.join(damaged, 'app.db'), bytes);
    await expect(restore({ dir: damaged, databaseUrl: url, uploadsDir })).rejects.toThrow(
      new RestoreRefused(`${path.join(damaged, 'app.db')} is not a sound SQLite database (file is not a database)`),
    );

    const newer = copyOfBackup('newer');
    const db = new (sqliteDriver().Database)(path.join(newer, 'app.db'));
    db.prepare('insert into kysely_migration (name, timestamp) values (?, ?)').run('9999_from_the_future', new Date().toISOString());
    db.close();
    await expect(restore({ dir: newer, databaseUrl: url, uploadsDir })).rejects.toThrow(
      new RestoreRefused(
        `${path.join(newer, 'app.db')} was made by a newer version of the app (it has migration 9999_from_the_future): upgrade the app, then restore`,
      ),
    );
    expect(fs.existsSync(path.join(dir, 'untouched'))).toBe(false);
  });
});
