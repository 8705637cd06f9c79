// What the lead-work bench's telecallers do, request by request, to the app and to its reference.
import { SESSION_COOKIE } from '../shared/constants.js';
import { addDays, todayIn } from '../shared/dates.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { BENCH_PASSWORD, TELECALLERS_PER_COMPANY, type BenchUser } from './lead-work-data.js';
import { timed, type HttpClient, type Step } from './load.js';

export const CONCURRENCY = 50;
const PAGE_SIZE = 20;
const QUEUES = ['new', 'pending', 'callback', 'followUp'] as const;

export const MEASURES = ['floor', 'queue', 'tiles', 'submit'] as const;
export type Measure = (typeof MEASURES)[number];

/** The queue pages a reader asks for in turn: each queue, page 1 then 2. */
export const QUEUE_INPUTS = [1, 2].flatMap((page) => QUEUES.map((queue) => ({ queue, page, pageSize: PAGE_SIZE })));
export const queueInputIndex = (w: number, round: number) => ((w + round) % QUEUES.length) + QUEUES.length * (Math.floor(round / QUEUES.length) % 2);

export const trpcGet = (procedure: string, input?: unknown) =>
  `/trpc/${procedure}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

export function trpcData<T>(body: string): T {
  const parsed = JSON.parse(body) as { result?: { data: T }; error?: unknown };
  if (!parsed.result) throw new Error(`tRPC error: ${body.slice(0, 300)}`);
  return parsed.result.data;
}

export type Sessions = Map<number, Record<string, string>>;

/** Signs every telecaller in through the API (argon2 verifies, four at a time); cookie headers by user id. */
export async function signInAll(client: HttpClient, users: BenchUser[]): Promise<Sessions> {
  const sessions: Sessions = new Map();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < users.length) {
        const u = users[next++]!;
        const { reply } = await timed(
          client,
          'POST',
          '/api/webapi/auth/login',
          { 'content-type': 'application/json' },
          JSON.stringify({ mobile: u.mobile, password: BENCH_PASSWORD }),
        );
        sessions.set(u.id, { cookie: `${SESSION_COOKIE}=${(JSON.parse(reply.body) as { token: string }).token}` });
      }
    }),
  );
  return sessions;
}

/**
 * 50 telecallers, each of another company (every other company's first, or second, telecaller):
 * readers read and, for the reference, have their submits recorded; writers submit on the app.
 */
export const pickUsers = (users: BenchUser[], second: boolean) =>
  Array.from({ length: CONCURRENCY }, (_, w) => users[((w * TELECALLERS_PER_COMPANY * 2) % users.length) + (second ? 1 : 0)]!);

/** The submits a telecaller makes in turn: not interested, interested, a callback tomorrow, invalid. */
export function submission(leadId: number, round: number, queue: WorkedQueue = 'new') {
  const tomorrow = addDays(todayIn('Asia/Kolkata'), 1);
  const base = { leadId, queue, call_duration: 30 + (round % 200) };
  switch (round % 4) {
    case 0:
      return { ...base, status: LEAD_STATUS.notInterested, feedback: 'Not Relevant Lead' };
    case 1:
      return { ...base, status: LEAD_STATUS.interested, feedback: 'Running', lead_quality: 'good', remarks: 'Wants a quote by Friday' };
    case 2:
      return { ...base, status: LEAD_STATUS.followUp, feedback: 'Follow-up Option', callback: true, callback_date: tomorrow, callback_time: '11:30' };
    default:
      return { ...base, status: LEAD_STATUS.invalid, feedback: 'Wrong Lead', invalid_reason: 'Wrong number' };
  }
}

const JSON_BODY = { 'content-type': 'application/json' };

export interface QueuePage {
  items: Array<{ id: number }>;
  total: number;
}

/** The queues a submit works through: today's new leads, or the larger pile of older ones. */
export type WorkedQueue = 'new' | 'pending';

export async function firstNewLead(client: HttpClient, header: Record<string, string>, queue: WorkedQueue = 'new'): Promise<number | null> {
  const { reply } = await timed(client, 'GET', trpcGet('work.queue', { queue, page: 1, pageSize: 1 }), header);
  return trpcData<QueuePage>(reply.body).items[0]?.id ?? null;
}

export const openLead = (client: HttpClient, header: Record<string, string>, leadId: number, queue: WorkedQueue = 'new') =>
  timed(client, 'POST', '/trpc/work.open', { ...header, ...JSON_BODY }, JSON.stringify({ leadId, queue }));

export async function submitLead(client: HttpClient, header: Record<string, string>, leadId: number, round: number, queue: WorkedQueue = 'new') {
  const { ms, reply } = await timed(client, 'POST', '/trpc/work.submit', { ...header, ...JSON_BODY }, JSON.stringify(submission(leadId, round, queue)));
  return { ms, nextId: trpcData<{ nextId: number | null }>(reply.body).nextId };
}

/** The app's steps: readers read, writers work their new leads (open untimed, submit timed). */
export async function appSteps(client: HttpClient, users: BenchUser[], sessions: Sessions, worked: WorkedQueue = 'new'): Promise<Record<Measure, Step>> {
  const readers = pickUsers(users, false).map((u) => sessions.get(u.id)!);
  const writers = pickUsers(users, true).map((u) => sessions.get(u.id)!);
  const current = await Promise.all(writers.map((h) => firstNewLead(client, h, worked)));
  const rounds = writers.map(() => 0);
  const read = async (w: number, path: string) => {
    const { ms, reply } = await timed(client, 'GET', path, readers[w]!);
    trpcData<unknown>(reply.body);
    return ms;
  };
  return {
    floor: (w) => read(w, trpcGet('auth.me')),
    queue: (w, round) => read(w, trpcGet('work.queue', QUEUE_INPUTS[queueInputIndex(w, round)])),
    tiles: (w) => read(w, trpcGet('dashboard.tiles')),
    async submit(w) {
      const leadId = current[w];
      if (!leadId) return null;
      await openLead(client, writers[w]!, leadId, worked);
      const { ms, nextId } = await submitLead(client, writers[w]!, leadId, rounds[w]!++, worked);
      current[w] = nextId;
      return ms;
    },
  };
}

/** The keys the recordings are kept under, one per distinct request. */
export const recordingKey = {
  floor: (w: number) => `me.${w}`,
  queue: (w: number, input: number) => `queue.${w}.${input}`,
  tiles: (w: number) => `tiles.${w}`,
  open: (w: number, k: number) => `open.${w}.${k}`,
  submit: (w: number, k: number) => `submit.${w}.${k}`,
};

/** The reference's steps: the same readers' requests, and the readers' recorded submits in their order. */
export function replaySteps(client: HttpClient, users: BenchUser[], sessions: Sessions, submitRounds: number[]): Record<Measure, Step> {
  const readers = pickUsers(users, false).map((u) => sessions.get(u.id)!);
  const next = readers.map(() => 0);
  const replay = async (w: number, key: string) => (await timed(client, 'GET', `/replay/${key}`, readers[w]!)).ms;
  return {
    floor: (w) => replay(w, recordingKey.floor(w)),
    queue: (w, round) => replay(w, recordingKey.queue(w, queueInputIndex(w, round))),
    tiles: (w) => replay(w, recordingKey.tiles(w)),
    async submit(w) {
      const k = next[w]!;
      if (k >= submitRounds[w]!) return null;
      next[w] = k + 1;
      await replay(w, recordingKey.open(w, k));
      return replay(w, recordingKey.submit(w, k));
    },
  };
}
