import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/router';
import { trpcClient } from '../trpc';
import { answeredStatus, fieldErrorsOf } from './notify';
import { retryAfterOf } from './retryAfter';
import { sharedWhileOnItsWay } from './sharedWhileOnItsWay';

/*
 * Lead-form submissions and not-connected attempts that could not reach the server wait here, in
 * IndexedDB, until they can: on the `online` event, when the app starts and every 30 seconds
 * (Safari and Firefox have no Background Sync). Each carries the key the phone made for it; the
 * server applies each key once, so a submission whose answer was lost is sent again safely. A busy
 * server's 503 (or a 429) with Retry-After moves the next try to the time it names.
 */

type Inputs = inferRouterInputs<AppRouter>['work'];
type Outputs = inferRouterOutputs<AppRouter>['work'];
export type SubmitInput = Inputs['submit'];
export type NotConnectedInput = Inputs['notConnected'];

export type OutboxEntry = {
  /** the submission's key (client_key), also the entry's id */
  key: string;
  /** whose it is: another user signing in on this phone neither sees nor sends it */
  userId: number;
  leadId: number;
  leadName: string;
  /** when the telecaller made it (made_at) */
  madeAt: string;
  /** 'refused': the server answered no (the lead was taken back, say); the telecaller decides */
  state: 'waiting' | 'refused';
  error?: string;
  /** the form's fields the server refused, with why: shown on the lead's form when it is opened again */
  fieldErrors?: Record<string, string>;
} & ({ kind: 'submit'; input: SubmitInput } | { kind: 'notConnected'; input: NotConnectedInput });

const DB_NAME = 'telecall';
const STORE = 'outbox';
/** How long one attempt to send may take before the submission waits in the outbox instead. */
export const SEND_TIMEOUT_MS = 15_000;
const RETRY_EVERY_MS = 30_000;

let opened: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opened ??= new Promise((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'key' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => {
      opened = null;
      reject(req.error ?? new Error('IndexedDB unavailable'));
    };
  });
  return opened;
}

async function inStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await database();
  return new Promise((resolve, reject) => {
    const tx = db.transaction(STORE, mode);
    const req = work(tx.objectStore(STORE));
    tx.oncomplete = () => resolve(req.result);
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB write failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB write aborted'));
  });
}

const listeners = new Set<() => void>();
const changed = () => {
  for (const l of listeners) l();
};

/** Calls `listener` whenever the outbox changes; returns the unsubscribe. */
export function onOutboxChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export async function outboxOf(userId: number): Promise<OutboxEntry[]> {
  const all = await inStore('readonly', (s) => s.getAll() as IDBRequest<OutboxEntry[]>);
  // ISO times sort as text; plain comparison, as localeCompare's first call builds a collator (slow on a phone).
  return all.filter((e) => e.userId === userId).sort((a, b) => (a.madeAt < b.madeAt ? -1 : a.madeAt > b.madeAt ? 1 : 0));
}

async function put(entry: OutboxEntry): Promise<void> {
  await inStore('readwrite', (s) => s.put(entry));
  changed();
}

export async function removeFromOutbox(key: string): Promise<void> {
  await inStore('readwrite', (s) => s.delete(key));
  changed();
}

/** A key for one submission: random, made on the phone (randomUUID needs https; getRandomValues does not). */
export function newSubmissionKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Answers that say nothing about the submission itself: signed out, too many requests, the server or a proxy in trouble. */
const NOT_YET = new Set([401, 408, 425, 429]);

/**
 * A call that never got the server's answer (no connection, a timeout, the connection dropped), or
 * one that says to come back later (signed out: it goes once the telecaller signs in again; a
 * server or proxy error): worth sending again. Any other answer is the server's word on it.
 */
export function unsent(err: unknown): boolean {
  const status = answeredStatus(err);
  return status === null || NOT_YET.has(status) || status >= 500;
}

/** Until when the server asked to be left alone (Retry-After); 0 when it did not. */
let backOffUntil = 0;
const backOffListeners = new Set<() => void>();

function noteBackOff(err: unknown) {
  const wait = retryAfterOf(err);
  if (wait === null) return;
  backOffUntil = Date.now() + wait;
  for (const l of backOffListeners) l();
}

type Sent<K extends OutboxEntry['kind']> = K extends 'submit' ? Outputs['submit'] : Outputs['notConnected'];

function send(entry: OutboxEntry, signal: AbortSignal) {
  return entry.kind === 'submit' ? trpcClient.work.submit.mutate(entry.input, { signal }) : trpcClient.work.notConnected.mutate(entry.input, { signal });
}

/**
 * Sends a submission now, or keeps it in the outbox when it cannot reach the server: the answer,
 * or `queued` (then it is on this phone and will be sent). A refusal by the server is thrown.
 * Taps made before the button shows it is busy (three on Submit, two on Busy) each made a key and a
 * time of their own, so neither the key nor the identical-request check held them: while one
 * submission of a lead is on its way, another of the same kind for that lead gets its answer.
 */
export function sendOrKeep<K extends OutboxEntry['kind']>(
  kind: K,
  input: Unkeyed<K>,
  meta: { userId: number; leadName: string },
): Promise<{ queued: false; result: Sent<K> } | { queued: true }> {
  return sharedWhileOnItsWay(`${meta.userId}:${kind}:${String(input.leadId)}`, () => sendOrKeepNow(kind, input, meta));
}

type Unkeyed<K extends OutboxEntry['kind']> = K extends 'submit'
  ? Omit<SubmitInput, 'client_key' | 'made_at'>
  : Omit<NotConnectedInput, 'client_key' | 'made_at'>;

/** A submission as the outbox keeps it: its key and the time it was made are the phone's. */
function newEntry<K extends OutboxEntry['kind']>(kind: K, input: Unkeyed<K>, meta: { userId: number; leadName: string }): OutboxEntry {
  const madeAt = new Date().toISOString();
  const entry = {
    key: newSubmissionKey(),
    userId: meta.userId,
    leadId: Number(input.leadId),
    leadName: meta.leadName,
    madeAt,
    state: 'waiting',
    kind,
    input: { ...input, client_key: '', made_at: madeAt },
  } as OutboxEntry;
  entry.input.client_key = entry.key;
  return entry;
}

async function sendOrKeepNow<K extends OutboxEntry['kind']>(
  kind: K,
  input: Unkeyed<K>,
  meta: { userId: number; leadName: string },
): Promise<{ queued: false; result: Sent<K> } | { queued: true }> {
  const entry = newEntry(kind, input, meta);
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    await put(entry);
    return { queued: true };
  }
  try {
    return { queued: false, result: (await send(entry, AbortSignal.timeout(SEND_TIMEOUT_MS))) as Sent<K> };
  } catch (err) {
    if (!unsent(err)) throw err;
    noteBackOff(err);
    await put(entry);
    return { queued: true };
  }
}

/**
 * Keeps a submission on the phone first and sends it from there, without waiting: the telecaller
 * goes on to the next lead at once (the lead form's Submit). It goes out at once when the phone is
 * online, after any older one still waiting; what becomes of it is told to onOutboxOutcome's
 * listeners. Without IndexedDB (a browser that refuses it) it is sent and waited for, as sendOrKeep.
 */
export function keepAndSend<K extends OutboxEntry['kind']>(kind: K, input: Unkeyed<K>, meta: { userId: number; leadName: string }): Promise<Kept<K>> {
  // Taps on Submit before the button shows it is busy keep one submission, as sendOrKeep's do.
  return sharedWhileOnItsWay(`${meta.userId}:keep:${kind}:${String(input.leadId)}`, () => keepAndSendNow(kind, input, meta));
}

type Kept<K extends OutboxEntry['kind']> = { kept: true; offline: boolean } | { kept: false; queued: false; result: Sent<K> } | { kept: false; queued: true };

async function keepAndSendNow<K extends OutboxEntry['kind']>(kind: K, input: Unkeyed<K>, meta: { userId: number; leadName: string }): Promise<Kept<K>> {
  const entry = newEntry(kind, input, meta);
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  // Before it is stored: the header counts it as waiting only if this first try fails.
  if (!offline) onItsWay.add(entry.key);
  try {
    await put(entry);
  } catch {
    onItsWay.delete(entry.key);
    return { kept: false, ...(await sendOrKeepNow(kind, input, meta)) };
  }
  if (!offline) void flushOutbox(meta.userId).catch(() => {});
  return { kept: true, offline };
}

/** What became of a submission on its way from the outbox. */
export interface OutboxOutcome {
  entry: OutboxEntry;
  /** 'kept': it could not reach the server now and waits on the phone (told once, for a submission just made) */
  outcome: 'sent' | 'kept' | 'refused';
  /** its first try, right after the telecaller made it (not a retry of one that waited) */
  first: boolean;
}

const outcomeListeners = new Set<(o: OutboxOutcome) => void>();

export function onOutboxOutcome(listener: (o: OutboxOutcome) => void): () => void {
  outcomeListeners.add(listener);
  return () => outcomeListeners.delete(listener);
}

const tell = (o: OutboxOutcome) => {
  for (const l of outcomeListeners) l(o);
};

/**
 * Submissions just made, on their first way to the server: not yet waiting in the telecaller's eyes
 * (the header's count leaves them out). The first failure to send one is told; later retries are not.
 */
const onItsWay = new Set<string>();
export const isOnItsWay = (key: string) => onItsWay.has(key);

let flushing: Promise<void> | null = null;
let again = false;

/**
 * Sends the user's waiting submissions, oldest first; stops at the first that still cannot get
 * through (the connection is not back). One flush at a time: asked again meanwhile, the running one
 * goes round once more, so a submission kept during a flush is sent by it.
 */
export function flushOutbox(userId: number): Promise<void> {
  if (flushing !== null) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    try {
      do {
        again = false;
        for (const entry of await outboxOf(userId)) {
          if (entry.state !== 'waiting') continue;
          const first = onItsWay.has(entry.key);
          try {
            await send(entry, AbortSignal.timeout(SEND_TIMEOUT_MS));
            onItsWay.delete(entry.key);
            await removeFromOutbox(entry.key);
            tell({ entry, outcome: 'sent', first });
          } catch (err) {
            onItsWay.delete(entry.key);
            if (unsent(err)) {
              noteBackOff(err);
              if (first) {
                changed();
                tell({ entry, outcome: 'kept', first });
              }
              return;
            }
            const refused: OutboxEntry = {
              ...entry,
              state: 'refused',
              error: (err as Error).message || 'The server refused it.',
              fieldErrors: fieldErrorsOf(err),
            };
            await put(refused);
            tell({ entry: refused, outcome: 'refused', first });
          }
        }
      } while (again);
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * While the user is signed in: sends what waits when the app starts, when the phone is back online,
 * and every 30 seconds, or when the server's Retry-After says.
 */
export function keepFlushing(userId: number): () => void {
  const flush = () => void flushOutbox(userId).catch(() => {});
  let timer: number | undefined;
  const schedule = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(
      () => {
        schedule();
        flush();
      },
      Math.max(0, backOffUntil - Date.now()) || RETRY_EVERY_MS,
    );
  };
  flush();
  schedule();
  window.addEventListener('online', flush);
  backOffListeners.add(schedule);
  return () => {
    window.removeEventListener('online', flush);
    backOffListeners.delete(schedule);
    window.clearTimeout(timer);
  };
}
