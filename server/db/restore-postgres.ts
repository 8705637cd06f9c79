import pg from 'pg';
import { runPgTool } from './pg-tools.js';
import { RestoreRefused } from './restore-refused.js';

export interface PostgresRestore {
  kind: 'postgres';
  /** the database restored into, as people name it (no password) */
  database: string;
  tables: number;
}

/** The database a URL names, without its password: telecall on db.internal:5432. */
export function databaseName(url: string): string {
  try {
    const u = new URL(url);
    return `${decodeURIComponent(u.pathname.slice(1)) || '(default database)'} on ${u.hostname || 'localhost'}${u.port ? `:${u.port}` : ''}`;
  } catch {
    return 'the database DATABASE_URL names';
  }
}

interface DumpContents {
  schemas: string[];
  tables: { schema: string; name: string }[];
}

/** What a pg_dump archive would create, from its table of contents (pg_restore --list). */
async function dumpContents(file: string): Promise<DumpContents> {
  let list: string;
  try {
    list = await runPgTool('pg_restore', ['--list', file]);
  } catch (err) {
    throw new RestoreRefused(`cannot read ${file} as a dump made by pg_dump: ${(err as Error).message}`);
  }
  const schemas: string[] = [];
  const tables: DumpContents['tables'] = [];
  for (const line of list.split('\n')) {
    const schema = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line);
    if (schema) schemas.push(schema[1]!);
    const table = /^\d+; \d+ \d+ TABLE (?!DATA )(\S+) (\S+) /.exec(line);
    if (table) tables.push({ schema: table[1]!, name: table[2]! });
  }
  return { schemas, tables };
}

/** The schemas and tables of the dump that the target database has already. */
async function clashes(url: string, dump: DumpContents): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    throw new RestoreRefused(
      `cannot connect to ${databaseName(url)} (${(err as Error).message}): create an empty database (createdb <name>) and point DATABASE_URL at it`,
    );
  }
  try {
    const schemas = new Set((await client.query<{ name: string }>('select nspname as name from pg_namespace')).rows.map((r) => r.name));
    const tables = new Set(
      (
        await client.query<{ name: string }>(
          `select table_schema || '.' || table_name as name from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`,
        )
      ).rows.map((r) => r.name),
    );
    return [
      // Every database has public, and pg_restore never creates it.
      ...dump.schemas.filter((s) => s !== 'public' && schemas.has(s)).map((s) => `schema ${s}`),
      ...dump.tables.map((t) => `${t.schema}.${t.name}`).filter((t) => tables.has(t)),
    ];
  } finally {
    await client.end();
  }
}

/**
 * Restores a pg_dump archive (`npm run backup`'s database.dump) into the database `url` names,
 * which must not have any of the dump's tables: a restore never mixes two databases' rows. The
 * tables land in the schema they were dumped from (public for `npm run backup`). One transaction:
 * a restore that fails leaves the database empty.
 */
export async function restorePostgres(dumpFile: string, url: string): Promise<PostgresRestore> {
  const dump = await dumpContents(dumpFile);
  if (!dump.tables.some((t) => t.name === 'kysely_migration'))
    throw new RestoreRefused(`${dumpFile} is not a dump of this app's database (it has no kysely_migration table)`);
  const found = await clashes(url, dump);
  if (found.length) {
    const named = found.length > 5 ? `${found.slice(0, 5).join(', ')} and ${found.length - 5} more` : found.join(', ');
    throw new RestoreRefused(
      `${databaseName(url)} is not empty (it has ${named}): create an empty database (createdb <name>), point DATABASE_URL at it, and restore again`,
    );
  }
  await runPgTool('pg_restore', ['--no-owner', '--single-transaction', '--exit-on-error', `--dbname=${url}`, dumpFile]);
  return { kind: 'postgres', database: databaseName(url), tables: dump.tables.length };
}
