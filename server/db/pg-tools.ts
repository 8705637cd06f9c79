import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Runs one of the PostgreSQL client's tools, failing with what it printed (its command line would
 * show the database URL, password and all) or, when it is not installed, with how to install it.
 */
export async function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[]): Promise<string> {
  try {
    return (await run(tool, args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    const e = err as Error & { code?: string | number; stderr?: string };
    if (e.code === 'ENOENT') throw new Error(`${tool} was not found: install the PostgreSQL client (Debian: postgresql-client).`);
    throw new Error(e.stderr?.trim() || `${tool} failed (exit code ${String(e.code)})`);
  }
}
