// A Postgres schema of its own for one bench run, dropped with all it holds afterwards: benches
// share the test database with whatever else runs on it.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** Runs `work` with a new, empty schema's name; the schema is dropped when it ends, however it ends. */
export async function withBenchSchema<T>(url: string, work: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await work(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** The URL with its password masked, for printing. */
export const maskedUrl = (url: string) => url.replace(/(\/\/[^:/@]+):[^@/]*@/, '$1:***@');
