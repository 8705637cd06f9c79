import type { HookRefused } from './provider.js';

/** Said to a provider whose report found the queue full: it tries again later (its retries are the point). */
export class QueueFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('Busy, try again.');
  }
}

interface Waiting<R> {
  report: R;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Status callbacks applied in batches (docs/telephony.md#callbacks-in-batches): each callback queues
 * its report and waits for it to be applied; one batch at a time takes what is queued (up to
 * `maxBatch`) and applies it in one transaction, the next starting as soon as it commits, so a lone
 * callback waits for no timer and a burst shares its commits. A batch that fails has each of its
 * reports applied alone once (`applyOne`), so a report that cannot be applied fails only itself.
 * Past `maxWaiting` queued reports a callback is refused (QueueFull) and its provider retries later.
 */
export class CallbackBatcher<R> {
  private readonly queue: Waiting<R>[] = [];
  private running = false;

  constructor(
    /** each report's refusal (null: applied), in the batch's order */
    private readonly applyBatch: (reports: R[]) => Promise<(HookRefused | null)[]>,
    private readonly applyOne: (report: R) => Promise<void>,
    private readonly limits: { maxBatch: number; maxWaiting: number; retryAfterSeconds: number } = { maxBatch: 100, maxWaiting: 5_000, retryAfterSeconds: 5 },
  ) {}

  /** Resolves once the report is applied (committed); rejects with its HookRefused, QueueFull, or the error applying it alone gave. */
  apply(report: R): Promise<void> {
    if (this.queue.length >= this.limits.maxWaiting) return Promise.reject(new QueueFull(this.limits.retryAfterSeconds));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ report, resolve, reject });
      if (this.running) return;
      this.running = true;
      // After the callbacks this turn of the event loop read (not after a delay): on SQLite a batch
      // runs start to end without giving the loop a turn, so starting it here would make batches of one.
      setImmediate(() => void this.drain());
    });
  }

  /** reports waiting for a batch (not counting the one being applied) */
  get waiting(): number {
    return this.queue.length;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.limits.maxBatch);
        let refused: (HookRefused | null)[] | null = null;
        try {
          refused = await this.applyBatch(batch.map((w) => w.report));
        } catch {
          // Applied alone below: each answers its own error.
        }
        if (refused) {
          for (const [i, w] of batch.entries()) {
            const refusal = refused[i];
            if (refusal) w.reject(refusal);
            else w.resolve();
          }
        } else {
          for (const w of batch) await this.applyOne(w.report).then(w.resolve, w.reject);
        }
      }
    } finally {
      this.running = false;
    }
  }
}
