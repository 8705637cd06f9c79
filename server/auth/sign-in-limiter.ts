import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface SignInLimits {
  /** failures from browsers not known to the account, before the account is locked to them */
  perAccount: number;
  /** failures from the account's known browsers, before they are locked too */
  perKnownDevice: number;
  perAddress: number;
  windowMs: number;
}

const DEFAULT_LIMITS: SignInLimits = { perAccount: 5, perKnownDevice: 10, perAddress: 30, windowMs: 15 * 60_000 };

/**
 * Counts failed sign-ins in the database (table sign_in_failures), so that every instance on one
 * Postgres sees the same counts: per address, and per account apart for unknown browsers and for
 * the browsers that signed in to it before (known-devices.ts). Anyone can fail on purpose from
 * unknown browsers and lock those out; that lock never reaches the owner's known browsers, whose
 * own failures only they can cause. A success clears the count of the side it came from.
 */
export class SignInLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: SignInLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  private accountKey(accountKey: string, knownDevice: boolean) {
    return knownDevice ? `k:${accountKey}` : `a:${accountKey}`;
  }

  async assertAllowed(accountKey: string, address: string, knownDevice = false): Promise<void> {
    const checks = [
      [`ip:${address}`, this.opts.perAddress, ''],
      [
        this.accountKey(accountKey, knownDevice),
        knownDevice ? this.opts.perKnownDevice : this.opts.perAccount,
        knownDevice ? '' : ' A browser you have signed in with before can still sign in.',
      ],
    ] as const;
    const now = this.now();
    const rows = await this.db.selectFrom('sign_in_failures').select(['key', 'failures', 'reset_at'])
      .where('key', 'in', checks.map((c) => c[0])).where('reset_at', '>', now).execute();
    for (const [key, limit, hint] of checks) {
      const w = rows.find((r) => r.key === key);
      if (w && w.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((Number(w.reset_at) - now) / 60_000));
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.${hint}`,
        );
      }
    }
  }

  async recordFailure(accountKey: string, address: string, knownDevice = false): Promise<void> {
    const now = this.now();
    const resetAt = now + this.opts.windowMs;
    for (const key of [this.accountKey(accountKey, knownDevice), `ip:${address}`]) {
      // One statement, so that instances counting the same key at once lose no failure.
      await sql`
        insert into sign_in_failures (key, failures, reset_at) values (${key}, 1, ${resetAt})
        on conflict (key) do update set
          failures = case when sign_in_failures.reset_at <= ${now} then 1 else sign_in_failures.failures + 1 end,
          reset_at = case when sign_in_failures.reset_at <= ${now} then excluded.reset_at else sign_in_failures.reset_at end
      `.execute(this.db);
    }
    // Now and then, the windows that have ended go.
    if (Math.random() < 0.01) await this.db.deleteFrom('sign_in_failures').where('reset_at', '<=', now).execute();
  }

  async recordSuccess(accountKey: string, knownDevice = false): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('key', '=', this.accountKey(accountKey, knownDevice)).execute();
  }
}
