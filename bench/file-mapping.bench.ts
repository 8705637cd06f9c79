// The import with a company's fields (issue 33): 100,000 rows whose 10 extra columns fill 10 company
// fields (one of each common type), beside the same rows with no fields, through the real HTTP upload,
// on SQLite and Postgres, in turns (none, fields, fields, none) so a drift of the machine falls on
// both. Goal: the import with fields at least 70% of the rows/s of the one without.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchLead, writeBenchCsv } from './import-data.js';
import { startImportServer, uploadCsvFile, type ImportServer } from './import-server.js';
import { withBenchSchema } from './pg-schema.js';

const ROWS = 100_000;
const WARM_UP_ROWS = 5_000;
const TARGET_SHARE = 0.7;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

const FIELDS = [
  {
    key: 'roof',
    label: 'Roof type',
    type: 'choice',
    choices: [
      { key: 'rcc', label: 'RCC' },
      { key: 'tin', label: 'Tin sheet' },
    ],
  },
  { key: 'family_size', label: 'Family size', type: 'number' },
  { key: 'budget', label: 'Budget', type: 'money' },
  { key: 'visit_date', label: 'Visit date', type: 'date' },
  { key: 'owns_house', label: 'Owns house', type: 'yesNo' },
  { key: 'work_email', label: 'Work email', type: 'email' },
  { key: 'alt_phone', label: 'Alternate phone', type: 'phone' },
  { key: 'website', label: 'Website', type: 'link' },
  { key: 'landmark', label: 'Landmark', type: 'text' },
  {
    key: 'interests',
    label: 'Interests',
    type: 'multiChoice',
    choices: [
      { key: 'solar', label: 'Solar' },
      { key: 'battery', label: 'Battery' },
    ],
  },
] as const;

const cellsOf = (i: number) => [
  i % 2 ? 'RCC' : 'Tin sheet',
  String(1 + (i % 7)),
  `${10_000 + (i % 500) * 100}`,
  `${String(1 + (i % 28)).padStart(2, '0')}/12/2026`,
  i % 3 ? 'yes' : 'no',
  `lead${i}@example.com`,
  String(9_100_000_000 + i),
  `https://example.com/l/${i}`,
  `Near gate ${i % 40}`,
  i % 2 ? 'Solar; Battery' : 'Solar',
];

const quote = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

async function writeFieldsCsv(file: string, rows: number, start = 0): Promise<number> {
  const out = fs.createWriteStream(file);
  out.write(`Name,Mobile Number,Requirement,City,${FIELDS.map((f) => f.label).join(',')}\r\n`);
  let buf = '';
  for (let i = start; i < start + rows; i++) {
    const l = benchLead(i);
    buf += `${[l.name, l.rawMobile, l.requirement, l.area, ...cellsOf(i)].map(quote).join(',')}\r\n`;
    if (buf.length > 1 << 16) {
      if (!out.write(buf)) await once(out, 'drain');
      buf = '';
    }
  }
  out.end(buf);
  await once(out, 'finish');
  return fs.statSync(file).size;
}

async function addFields(server: ImportServer) {
  const now = new Date().toISOString();
  for (const [i, f] of FIELDS.entries()) {
    await server.db
      .insertInto('lead_fields')
      .values({
        subadmin_id: server.subadminId,
        key: f.key,
        label: f.label,
        type: f.type,
        choices: 'choices' in f ? JSON.stringify(f.choices) : null,
        required: 0,
        statuses: null,
        callers_edit: 1,
        on_cards: 0,
        hidden: 0,
        retired_at: null,
        position: i,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

/** One upload into a fresh database (the company with its 10 fields when `fields`): its rows/s. */
async function uploadRate(start: () => Promise<ImportServer>, file: string, warm: string, fields: boolean): Promise<number> {
  const server = await start();
  try {
    if (fields) await addFields(server);
    await uploadCsvFile(server, warm);
    const t0 = performance.now();
    const result = await uploadCsvFile(server, file);
    const seconds = (performance.now() - t0) / 1000;
    if (result.inserted !== ROWS) throw new Error(`expected ${ROWS} inserted, got ${JSON.stringify(result)}`);
    if (fields) {
      const n = await server.db
        .selectFrom('lead_values')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      // 10 fields a lead, the multiple choice one 1 or 2 rows
      if (Number(n.n) < ROWS * 10) throw new Error(`expected at least ${ROWS * 10} value rows, got ${n.n}`);
    }
    return ROWS / seconds;
  } finally {
    await server.close();
  }
}

async function inTurns(db: string, none: () => Promise<number>, fields: () => Promise<number>) {
  const load0 = os.loadavg()[0]!;
  const n1 = await none();
  const f1 = await fields();
  const f2 = await fields();
  const n2 = await none();
  const both = (x: number, y: number) => 2 / (1 / x + 1 / y);
  const [n, f] = [both(n1, n2), both(f1, f2)];
  const share = f / n;
  console.log(
    `${db}: with 10 mapped fields ${fmt(f)} rows/s, with none ${fmt(n)} rows/s: ${(share * 100).toFixed(1)}%   goal >= ${TARGET_SHARE * 100}%: ` +
      `${share >= TARGET_SHARE ? 'met' : 'missed'}   (runs in turn none/fields/fields/none: ${[n1, f1, f2, n2].map(fmt).join(' / ')}; ` +
      `load average ${load0.toFixed(2)} before, ${os.loadavg()[0]!.toFixed(2)} after)`,
  );
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-mapping-bench-'));
  try {
    const plain = path.join(dir, 'none.csv');
    const withFields = path.join(dir, 'fields.csv');
    const warm = path.join(dir, 'warm.csv');
    const warmFields = path.join(dir, 'warm-fields.csv');
    await writeBenchCsv(plain, ROWS);
    const bytes = await writeFieldsCsv(withFields, ROWS);
    await writeBenchCsv(warm, WARM_UP_ROWS, 10_000_000);
    await writeFieldsCsv(warmFields, WARM_UP_ROWS, 10_000_000);
    console.log(`files: ${fmt(ROWS)} rows; with 10 field columns ${(bytes / 1048576).toFixed(1)} MB`);

    const sqlite = () => startImportServer({ databaseUrl: `sqlite:${path.join(dir, `app-${randomBytes(4).toString('hex')}.db`)}` });
    await inTurns(
      'SQLite',
      () => uploadRate(sqlite, plain, warm, false),
      () => uploadRate(sqlite, withFields, warmFields, true),
    );
    const pgUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pgUrl) {
      const pg = (file: string, w: string, fields: boolean) =>
        withBenchSchema(pgUrl, (schema) => uploadRate(() => startImportServer({ databaseUrl: pgUrl, pgSchema: schema }), file, w, fields));
      await inTurns(
        'Postgres',
        () => pg(plain, warm, false),
        () => pg(withFields, warmFields, true),
      );
    } else {
      console.log('Postgres: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
