// The recording pass of the lead-work bench: the app, recording its statements, is asked each
// reference request once, one at a time, and then works each reader's new leads (open, submit) for
// the submit reference. Every lead it changed is then put back as it was (the leads' triggers put
// their tallies back with them) and its history rows removed, so that the replay changes the same
// rows from the same state.
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely, Selectable } from 'kysely';
import type { DB, LeadsTable } from '../server/db/schema.js';
import { RECORDED_PATH } from './lead-work-server.js';
import type { BenchUser } from './lead-work-data.js';
import { timed, type HttpClient } from './load.js';
import { packRecordings } from './replay-server.js';
import type { Recorded } from './statement-recorder.js';
import {
  QUEUE_INPUTS,
  firstNewLead,
  openLead,
  pickUsers,
  recordingKey,
  submitLead,
  trpcData,
  trpcGet,
  type Measure,
  type Sessions,
} from './lead-work-steps.js';

export interface RecordedReferences {
  file: string;
  /** how many submits each reader has recorded */
  submitRounds: number[];
  statements: number;
}

export async function recordReferences(opts: {
  client: HttpClient;
  db: Kysely<DB>;
  users: BenchUser[];
  sessions: Sessions;
  measures: Set<Measure>;
  submitRounds: number;
  dir: string;
}): Promise<RecordedReferences> {
  const { client, db } = opts;
  const readers = pickUsers(opts.users, false).map((u) => opts.sessions.get(u.id)!);
  const byKey = new Map<string, Recorded[]>();
  const take = async () => JSON.parse((await timed(client, 'GET', RECORDED_PATH, {})).reply.body) as Recorded[];
  const record = async (key: string, send: () => Promise<unknown>) => {
    await take();
    await send();
    const statements = await take();
    if (!statements.length) throw new Error(`recording ${key}: the app ran no statement`);
    byKey.set(key, statements);
  };
  const get = (w: number, path: string) => () => timed(client, 'GET', path, readers[w]!).then(({ reply }) => trpcData(reply.body));

  for (let w = 0; w < readers.length; w++) {
    // Unrecorded: the app keeps a session's read for a while (docs/architecture.md#kept-reads), so in
    // the timed run a reader's requests find it kept; recorded cold, the first would replay it too.
    await get(w, trpcGet('auth.me'))();
    if (opts.measures.has('floor')) await record(recordingKey.floor(w), get(w, trpcGet('auth.me')));
    if (opts.measures.has('queue'))
      for (const [i, input] of QUEUE_INPUTS.entries()) await record(recordingKey.queue(w, i), get(w, trpcGet('work.queue', input)));
    if (opts.measures.has('tiles')) await record(recordingKey.tiles(w), get(w, trpcGet('dashboard.tiles')));
  }

  const submitRounds = readers.map(() => 0);
  if (opts.measures.has('submit')) {
    const lastHistory = await db
      .selectFrom('lead_history')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const before = new Map<number, Selectable<LeadsTable>>();
    for (let w = 0; w < readers.length; w++) {
      await get(w, trpcGet('auth.me'))();
      let leadId = await firstNewLead(client, readers[w]!);
      for (let k = 0; k < opts.submitRounds && leadId; k++) {
        const id: number = leadId;
        before.set(id, await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
        await record(recordingKey.open(w, k), () => openLead(client, readers[w]!, id));
        await record(recordingKey.submit(w, k), async () => {
          leadId = (await submitLead(client, readers[w]!, id, k)).nextId;
        });
        submitRounds[w] = k + 1;
      }
    }
    for (const [id, { id: _, name_key: __, ...row }] of before) await db.updateTable('leads').set(row).where('id', '=', id).execute();
    await db
      .deleteFrom('lead_history')
      .where('id', '>', Number(lastHistory?.id ?? 0))
      .execute();
    for (const [id, row] of before) {
      const now = await db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      if (JSON.stringify(now) !== JSON.stringify(row)) throw new Error(`lead ${id} was not put back as it was`);
    }
  }

  const file = path.join(opts.dir, 'recordings.json');
  fs.writeFileSync(file, JSON.stringify(packRecordings(byKey)));
  return { file, submitRounds, statements: [...byKey.values()].reduce((n, r) => n + r.length, 0) };
}
