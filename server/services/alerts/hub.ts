import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Dialect } from '../../db/database.js';
import { leadAlerts, type LeadAlert } from './alerts.js';
import type https from 'node:https';
import { loadVapidKeys, pushAlert } from './push.service.js';
import { usersWithSubscriptions } from './push.repository.js';
import { PushSender } from './push-sender.js';
import type { VapidKeys } from './web-push.js';
import { writeWatchOf } from '../../db/write-watch.js';

export interface HubLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Event streams one session may hold open: one more ends its oldest (docs/alerts.md). */
export const STREAMS_PER_SESSION = 5;
/** Sessions read at once when streams are checked again after a sign-out, a block or the like. */
const RECHECK_CONCURRENCY = 8;

/** An open event stream, as the hub knows it. */
export interface OpenStream {
  sessionId: number;
  end(): void;
  /** whether its session still lets it go on (read again after a change to who may act) */
  stillAllowed(): Promise<boolean>;
}

interface HubOptions {
  databaseUrl: string;
  pgSchema?: string;
  pushContact: string;
  logger: HubLogger;
  /** how push services are reached (tests: a receiver on this machine) */
  pushAgent?: https.Agent;
}

const KINDS = new Set<string>(['lead_routed', 'repeat_enquiry', 'callback_due', 'lead_called']);
const RELISTEN_MS = 1_000;
/** How long outgoing alerts are gathered before they are notified and pushed together. */
const GATHER_MS = 15;
/** Postgres takes NOTIFY payloads under 8,000 bytes: alerts go out in parts that stay well below. */
const NOTIFY_BYTES = 6_000;

/** Alerts split so that each part's JSON stays under NOTIFY_BYTES. */
function notifyParts(alerts: LeadAlert[]): LeadAlert[][] {
  const parts: LeadAlert[][] = [];
  let part: LeadAlert[] = [];
  let bytes = 0;
  for (const a of alerts) {
    const size = Buffer.byteLength(JSON.stringify(a)) + 1;
    if (part.length && bytes + size > NOTIFY_BYTES) {
      parts.push(part);
      part = [];
      bytes = 0;
    }
    part.push(a);
    bytes += size;
  }
  if (part.length) parts.push(part);
  return parts;
}

function isAlert(v: unknown): v is LeadAlert {
  const a = v as LeadAlert;
  return (
    typeof a === 'object' &&
    a !== null &&
    KINDS.has(a.kind) &&
    Number.isInteger(a.subadminId) &&
    Number.isInteger(a.userId) &&
    Number.isInteger(a.leadId) &&
    typeof a.leadName === 'string' &&
    typeof a.at === 'string'
  );
}

/** The hubs of this process, oldest first: the oldest takes the alerts raiseAlerts emits (one app per process outside tests). */
const hubs: AlertHub[] = [];
leadAlerts.on('alert', (a) => hubs[0]?.raise([a]));

/**
 * Carries an app's alerts (docs/alerts.md): to the event streams open on this instance at once; on
 * Postgres to every other instance sharing the database (NOTIFY on one channel, LISTEN on a connection
 * of its own, each instance delivering to its own streams and skipping its own messages); and to the
 * user's Web Push subscriptions, in the background, by the instance that raised it.
 */
export class AlertHub {
  readonly instance = randomUUID();
  private readonly local = new EventEmitter<{ alert: [LeadAlert] }>();
  /** open streams by session, oldest first */
  private readonly streams = new Map<number, OpenStream[]>();
  private readonly pushSender: PushSender;
  private readonly stopWatching: () => void;
  private recheck: { again: boolean } | null = null;
  private readonly pending = new Set<Promise<unknown>>();
  private outgoing: LeadAlert[] = [];
  private flushTimer: NodeJS.Timeout | null = null;
  private sessionsNotice: NodeJS.Timeout | null = null;
  private listener: pg.Client | null = null;
  private relisten: NodeJS.Timeout | null = null;
  private closed = false;

  private constructor(
    private readonly db: Kysely<DB>,
    private readonly dialect: Dialect,
    readonly vapid: VapidKeys,
    private readonly opts: HubOptions,
  ) {
    this.local.setMaxListeners(0);
    this.pushSender = new PushSender({ keys: vapid, subject: opts.pushContact, logger: opts.logger, agent: opts.pushAgent });
    // A sign-out, a block, a deletion or a password change written here ends the streams it ends at
    // once, here and (told on the channel) on the other instances.
    this.stopWatching =
      writeWatchOf(db)?.onChange(() => {
        this.recheckStreams();
        this.tellOthersSessionsChanged();
      }) ?? (() => undefined);
  }

  static async start(db: Kysely<DB>, dialect: Dialect, opts: HubOptions): Promise<AlertHub> {
    const hub = new AlertHub(db, dialect, await loadVapidKeys(db), opts);
    if (dialect === 'postgres') {
      try {
        await hub.listen();
      } catch (err) {
        // The app does not start: nothing is to listen again later.
        await hub.close();
        throw err;
      }
    }
    hubs.push(hub);
    return hub;
  }

  /** One channel per schema: apps in other schemas of the same database (tests side by side) hear nothing of ours. */
  get channel(): string {
    return this.opts.pgSchema ? `lead_alerts_${this.opts.pgSchema}` : 'lead_alerts';
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.opts.databaseUrl });
    const lost = (err?: Error) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.removeAllListeners('notification');
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.opts.logger.warn({ err }, 'alert channel lost: listening again');
      this.relisten = setTimeout(() => {
        this.relisten = null;
        this.listen().catch((e: unknown) => this.opts.logger.warn({ err: e }, 'alert channel unavailable'));
      }, RELISTEN_MS);
      this.relisten.unref();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (n) => {
      if (n.channel !== this.channel || !n.payload) return;
      try {
        const msg = JSON.parse(n.payload) as { from?: string; alerts?: unknown; sessionsChanged?: unknown };
        if (msg.from === this.instance) return;
        if (msg.sessionsChanged === true) {
          // What this instance kept of sessions and users may be out of date: read them again.
          writeWatchOf(this.db)?.forget();
          this.recheckStreams();
        }
        if (!Array.isArray(msg.alerts)) return;
        for (const a of msg.alerts) if (isAlert(a)) this.local.emit('alert', a);
      } catch {
        /* not ours */
      }
    });
    this.listener = client;
    try {
      await client.connect();
      if (!/^[a-z0-9_]+$/.test(this.channel)) throw new Error(`bad alert channel name ${this.channel}`);
      await client.query(`listen ${this.channel}`);
    } catch (err) {
      lost(err as Error);
      throw err;
    }
  }

  /**
   * Delivers alerts here at once, to the other instances and to Web Push after; never waits for either.
   * What goes out is gathered for a few milliseconds: under a burst of arrivals, one NOTIFY and one
   * look-up of who has subscriptions serve many alerts instead of each costing its own round trips.
   */
  raise(alerts: readonly LeadAlert[]): void {
    for (const a of alerts) this.local.emit('alert', a);
    if (this.closed) return;
    this.outgoing.push(...alerts);
    this.flushTimer ??= setTimeout(() => this.flush(), GATHER_MS);
  }

  /** On Postgres, one notice to the other instances for the changes of a few milliseconds. */
  private tellOthersSessionsChanged(): void {
    if (this.dialect !== 'postgres' || this.closed || this.sessionsNotice) return;
    this.sessionsNotice = setTimeout(() => this.sendSessionsNotice(), GATHER_MS);
  }

  private sendSessionsNotice(): void {
    if (this.sessionsNotice) clearTimeout(this.sessionsNotice);
    this.sessionsNotice = null;
    const payload = JSON.stringify({ from: this.instance, sessionsChanged: true });
    this.track(sql`select pg_notify(${this.channel}, ${payload})`.execute(this.db), 'sign-out not told to the other instances');
  }

  private flush(): void {
    this.flushTimer = null;
    const batch = this.outgoing.splice(0);
    if (!batch.length) return;
    if (this.dialect === 'postgres') {
      for (const part of notifyParts(batch)) {
        const payload = JSON.stringify({ from: this.instance, alerts: part });
        this.track(sql`select pg_notify(${this.channel}, ${payload})`.execute(this.db), 'alert not sent to the other instances');
      }
    }
    this.track(this.push(batch), 'alert not pushed');
  }

  private async push(batch: LeadAlert[]): Promise<void> {
    const subscribed = await usersWithSubscriptions(
      this.db,
      batch.map((a) => a.userId),
    );
    await Promise.all(batch.filter((a) => subscribed.has(a.userId)).map((a) => pushAlert(this.db, this.pushSender, a)));
  }

  private track(p: Promise<unknown>, failure: string): void {
    const done = p.catch((err: unknown) => this.opts.logger.error({ err }, failure)).finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Every alert delivered on this instance, until the returned function is called. */
  subscribe(fn: (a: LeadAlert) => void): () => void {
    this.local.on('alert', fn);
    return () => this.local.off('alert', fn);
  }

  /**
   * An open event stream, ended by `endStreams` (shutdown), by a change that ends its session, or by
   * its session opening more than STREAMS_PER_SESSION (the oldest goes). Answers the function that
   * forgets it (call it when the stream ends).
   */
  addStream(stream: OpenStream): () => void {
    const own = this.streams.get(stream.sessionId) ?? [];
    this.streams.set(stream.sessionId, own);
    own.push(stream);
    while (own.length > STREAMS_PER_SESSION) own.shift()!.end();
    return () => {
      const i = own.indexOf(stream);
      if (i >= 0) own.splice(i, 1);
      if (!own.length && this.streams.get(stream.sessionId) === own) this.streams.delete(stream.sessionId);
    };
  }

  /** The event streams open on this instance. */
  get openStreams(): number {
    let n = 0;
    for (const own of this.streams.values()) n += own.length;
    return n;
  }

  endStreams(): void {
    for (const own of [...this.streams.values()]) for (const stream of [...own]) stream.end();
  }

  /** Reads each open stream's session again and ends those no longer allowed; one round at a time, another after if asked meanwhile. */
  private recheckStreams(): void {
    if (this.recheck) {
      this.recheck.again = true;
      return;
    }
    const round = { again: false };
    this.recheck = round;
    const run = async () => {
      const queue = [...this.streams.values()].flat();
      const worker = async () => {
        for (let s = queue.shift(); s; s = queue.shift()) if (!(await s.stillAllowed().catch(() => true))) s.end();
      };
      await Promise.all(Array.from({ length: RECHECK_CONCURRENCY }, worker));
    };
    void run().finally(() => {
      this.recheck = null;
      if (round.again && !this.closed) this.recheckStreams();
    });
  }

  /** Waits for the alerts on their way out (notifies, pushes), then stops listening. */
  async close(): Promise<void> {
    this.closed = true;
    this.stopWatching();
    const i = hubs.indexOf(this);
    if (i >= 0) hubs.splice(i, 1);
    this.endStreams();
    if (this.relisten) clearTimeout(this.relisten);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.sessionsNotice) this.sendSessionsNotice();
    this.flush();
    await Promise.allSettled([...this.pending]);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }
}
