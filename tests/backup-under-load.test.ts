import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { appOnDatabase, buildTestApp, dialects, type TestApp } from './helpers/app.js';
import { insertCompany, insertLeadRows, insertUser, PASSWORD } from './helpers/fixtures.js';
import { followUpWithoutCallback } from './helpers/lead-fields.js';
import { mutate, signIn, type Session } from './helpers/http.js';
import { createScratchDatabase, Leftovers } from './helpers/scratch-databases.js';
import { backup } from '../server/db/backup.js';
import { restore } from '../server/db/restore.js';
import type { DB } from '../server/db/schema.js';
import { nowIso } from '../server/db/dialect.js';
import { FEEDBACK_OPTIONS, type SubmitStatus } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';

const CALLERS = 20;
const LEADS_EACH = 12;
/** How many answers come back before the backup starts. */
const BACKUP_AFTER = 60;
/** Each telecaller goes on until this many of its answers came back after the backup ended. */
const AFTER_BACKUP = 3;
const MOST_EACH = 80;
/** Each pass over a telecaller's leads submits another status than the pass before. */
const PASS_STATUSES: SubmitStatus[] = [LEAD_STATUS.notInterested, LEAD_STATUS.interested, LEAD_STATUS.followUp];

interface Caller {
  id: number;
  session: Session;
  leads: number[];
}

interface Submission {
  caller: Caller;
  /** its place in its telecaller's run */
  seq: number;
  leadId: number;
  status: SubmitStatus;
  input: Record<string, unknown>;
}

/** What a phone sends: its own key for the submission, and when it was made. */
function submissionOf(caller: Caller, seq: number, run: string): Submission {
  const leadId = caller.leads[seq % caller.leads.length]!;
  const status = PASS_STATUSES[Math.floor(seq / caller.leads.length) % PASS_STATUSES.length]!;
  const input = {
    leadId,
    status,
    feedback: FEEDBACK_OPTIONS[status][0],
    // Unique per lead: a history row names its submission.
    call_duration: seq + 1,
    client_key: `${run}-u${caller.id}-s${seq}`,
    made_at: new Date().toISOString(),
  };
  return { caller, seq, leadId, status, input };
}

/** The company's leads, history, stored submission keys and trigger-kept tallies, without what the server stamps with its own clock. */
async function companyState(db: Kysely<DB>, companyId: number) {
  const leads = await db.selectFrom('leads').selectAll().where('subadmin_id', '=', companyId).orderBy('id').execute();
  const history = await db
    .selectFrom('lead_history')
    .selectAll()
    .where('subadmin_id', '=', companyId)
    .orderBy('lead_id')
    .orderBy('created_at')
    .orderBy('call_duration')
    .execute();
  const keys = await db.selectFrom('submission_keys').selectAll().where('subadmin_id', '=', companyId).orderBy('user_id').orderBy('client_key').execute();
  const tallies = await db
    .selectFrom('lead_tallies')
    .selectAll()
    .where('subadmin_id', '=', companyId)
    .where('n', '!=', 0)
    .orderBy('telicaller_id')
    .orderBy('status')
    .orderBy('unrated')
    .orderBy('day_key')
    .execute();
  const counts = await db.selectFrom('lead_counts').selectAll().where('subadmin_id', '=', companyId).orderBy('category').execute();
  return {
    leads: leads.map(({ updated_at: _, ...lead }) => lead),
    history: history.map(({ id: _, ...row }) => row),
    keys: keys.map(({ created_at: _, ...key }) => key),
    tallies,
    counts,
  };
}

describe.each(dialects)('a backup taken while 20 telecallers submit, on %s', (dialect) => {
  const leftovers = new Leftovers();
  const cleanups: Array<() => Promise<void> | void> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
    await leftovers.clear();
  });

  it('restores every answered submission whole, and the resent outboxes bring it to the same state, each applied once', async () => {
    const t: TestApp = await buildTestApp(dialect);
    cleanups.push(() => t.close());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tcb-load-backup-'));
    cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
    const db = t.deps.db;

    const company = await insertCompany(db, { telecaller_creat_limit: CALLERS });
    // Its follow-ups go without a callback time: the company turned that question off.
    await followUpWithoutCallback(db, company.id);
    const callers: Caller[] = await Promise.all(
      Array.from({ length: CALLERS }, async () => {
        const user = await insertUser(db, company.id, 'Telicaller');
        const leads = await insertLeadRows(
          db,
          company.id,
          Array.from({ length: LEADS_EACH }, () => ({ telicaller_id: user.id, telicaller_send_date: nowIso(), status: LEAD_STATUS.new })),
        );
        return { id: user.id, leads, session: await signIn(t.app, { kind: 'user', mobile: user.mobile, password: PASSWORD }) };
      }),
    );

    // Every telecaller submits in a loop; the backup starts once BACKUP_AFTER answers came back.
    const run = randomBytes(4).toString('hex');
    const sent: Submission[] = [];
    const answeredBeforeBackup = new Set<Submission>();
    const answered = new Set<Submission>();
    let backupState: 'waiting' | 'running' | 'done' = 'waiting';
    const backupDir = path.join(dir, 'backup');
    const backupTaken = (async () => {
      while (answered.size < BACKUP_AFTER) await new Promise((r) => setTimeout(r, 1));
      for (const s of answered) answeredBeforeBackup.add(s);
      backupState = 'running';
      await backup({ databaseUrl: t.deps.config.databaseUrl, uploadsDir: t.uploadsDir, dir: backupDir, pgSchema: t.database.pgSchema });
      backupState = 'done';
    })();
    const answeredAfterBackup = new Map<Caller, number>();
    await Promise.all([
      backupTaken,
      ...callers.map(async (caller) => {
        for (let seq = 0; seq < MOST_EACH && (answeredAfterBackup.get(caller) ?? 0) < AFTER_BACKUP; seq++) {
          const s = submissionOf(caller, seq, run);
          sent.push(s);
          const backupEndedBefore = backupState === 'done';
          const res = await mutate(t.app, 'work.submit', s.input, caller.session);
          expect(res.status, JSON.stringify(res.error)).toBe(200);
          expect(res.data.replayed).toBeUndefined();
          answered.add(s);
          if (backupEndedBefore) answeredAfterBackup.set(caller, (answeredAfterBackup.get(caller) ?? 0) + 1);
        }
      }),
    ]);
    // The backup really ran in the middle: answers came back before it and after it, from every telecaller.
    expect(answeredBeforeBackup.size).toBeGreaterThanOrEqual(BACKUP_AFTER);
    expect([...answeredAfterBackup.values()]).toEqual(callers.map(() => AFTER_BACKUP));
    const original = await companyState(db, company.id);
    expect(original.history).toHaveLength(sent.length);

    // Restored into a fresh instance, as `npm run restore` does, and a server started on it.
    let url: string;
    if (dialect === 'sqlite') {
      url = `sqlite:${path.join(dir, 'restored', 'app.db')}`;
    } else {
      const scratch = await createScratchDatabase('load_restore');
      leftovers.databases.push(scratch.name);
      url = scratch.url;
    }
    const uploadsDir = path.join(dir, 'restored-uploads');
    await restore({ dir: backupDir, databaseUrl: url, uploadsDir });
    const restored = await appOnDatabase(url, uploadsDir, t.database.pgSchema);
    cleanups.push(() => restored.close());
    const { database } = restored;

    // (a) Every submission answered before the backup is there; none is there in part; each
    // telecaller's are the first ones it made, and each lead stands as its last one left it.
    const copy = await companyState(database.db, company.id);
    const keyOf = (s: Submission) => s.input.client_key as string;
    const keysInCopy = new Set(copy.keys.map((k) => `${k.user_id} ${k.client_key}`));
    const historyInCopy = new Set(copy.history.map((h) => `${h.lead_id} ${h.call_duration}`));
    const inCopy = new Set<Submission>();
    for (const s of sent) {
      const hasKey = keysInCopy.has(`${s.caller.id} ${keyOf(s)}`);
      const hasHistory = historyInCopy.has(`${s.leadId} ${s.input.call_duration}`);
      expect(hasHistory, `submission ${keyOf(s)}: history row and stored key go together`).toBe(hasKey);
      if (hasKey) inCopy.add(s);
      if (answeredBeforeBackup.has(s)) expect(hasKey, `submission ${keyOf(s)} was answered before the backup`).toBe(true);
    }
    for (const caller of callers) {
      const made = sent.filter((s) => s.caller === caller);
      const kept = made.filter((s) => inCopy.has(s));
      expect(kept, `telecaller ${caller.id}'s submissions in the copy`).toEqual(made.slice(0, kept.length));
    }
    expect(copy.history).toHaveLength(inCopy.size);
    const leadsInCopy = new Map(copy.leads.map((l) => [l.id, l]));
    for (const caller of callers) {
      for (const leadId of caller.leads) {
        const last = sent.filter((s) => s.leadId === leadId && inCopy.has(s)).at(-1);
        expect(leadsInCopy.get(leadId)?.status, `lead ${leadId}`).toBe(last?.status ?? LEAD_STATUS.new);
      }
    }
    expect(inCopy.size).toBeLessThan(sent.length);

    // (b) Each phone's outbox sends everything again with the same keys: what the copy has is
    // answered as already done, the rest is applied, and both instances end up alike row by row.
    await Promise.all(
      callers.map(async (caller) => {
        for (const s of sent.filter((x) => x.caller === caller)) {
          const res = await mutate(restored.app, 'work.submit', s.input, caller.session);
          expect(res.status, JSON.stringify(res.error)).toBe(200);
          expect(res.data.replayed, `submission ${keyOf(s)} sent again`).toBe(inCopy.has(s) ? true : undefined);
        }
      }),
    );
    const final = await companyState(database.db, company.id);
    expect(final.history).toHaveLength(sent.length);
    expect(final).toEqual(original);
  }, 120_000);
});
