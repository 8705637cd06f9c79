import type https from 'node:https';
import { sendPush, type PushTarget, type VapidKeys } from './web-push.js';

/** Pushes in flight at once for the whole app: a burst of alerts or a slow push service holds this many sockets, no more. */
export const PUSH_CONCURRENCY = 8;
/** A push service that has not answered by then is skipped: the alert goes on to the next browser. */
export const PUSH_TIMEOUT_MS = 5_000;
/** A lead alert is worth little after an hour: the push service may drop it then. */
const PUSH_TTL_SECONDS = 3600;

export interface PushLogger {
  warn(obj: object, msg: string): void;
}

export interface PushSenderOptions {
  keys: VapidKeys;
  subject: string;
  logger: PushLogger;
  timeoutMs?: number;
  concurrency?: number;
  /** how push services are reached (tests: a receiver on this machine) */
  agent?: https.Agent;
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Sends Web Push messages a few at a time, each within its timeout. A subscription that fails is
 * logged once, when it starts failing, not on every alert while it goes on failing; a success
 * clears it.
 */
export class PushSender {
  readonly keys: VapidKeys;
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly failing = new Set<number>();

  constructor(private readonly opts: PushSenderOptions) {
    this.keys = opts.keys;
  }

  async send(target: PushTarget & { id: number }, payload: Buffer): Promise<PushOutcome> {
    await this.turn();
    try {
      const status = await sendPush(target, payload, {
        keys: this.opts.keys,
        subject: this.opts.subject,
        ttlSeconds: PUSH_TTL_SECONDS,
        timeoutMs: this.opts.timeoutMs ?? PUSH_TIMEOUT_MS,
        agent: this.opts.agent,
      });
      if (status === 404 || status === 410) {
        this.failing.delete(target.id);
        return 'gone';
      }
      if (status >= 200 && status < 300) {
        this.failing.delete(target.id);
        return 'sent';
      }
      this.failed(target, { status }, 'push service refused an alert');
    } catch (err) {
      this.failed(target, { err }, 'push to a browser failed');
    } finally {
      // The slot goes straight to the next waiting send, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
    return 'failed';
  }

  private failed(target: PushTarget & { id: number }, detail: object, msg: string): void {
    if (this.failing.has(target.id)) return;
    this.failing.add(target.id);
    this.opts.logger.warn({ ...detail, host: hostOf(target.endpoint) }, msg);
  }

  private async turn(): Promise<void> {
    if (this.active < (this.opts.concurrency ?? PUSH_CONCURRENCY)) this.active++;
    else await new Promise<void>((r) => this.waiting.push(r));
  }
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).host;
  } catch {
    return 'not a URL';
  }
}
