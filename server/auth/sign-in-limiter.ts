import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';

export interface SignInLimits {
  /** failures from browsers not known to the account, before the account is locked to them */
  perAccount: number;
  /** failures from one known browser of the account, before that browser is locked too */
  perKnownDevice: number;
  perAddress: number;
  windowMs: number;
}

const DEFAULT_LIMITS: SignInLimits = { perAccount: 5, perKnownDevice: 10, perAddress: 30, windowMs: 15 * 60_000 };

/** One sign-in attempt counted before its password is checked; settled once it is. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Counts sign-in attempts in the database (table sign_in_failures), so that every instance on one
 * Postgres sees the same counts: per address, and per account apart for unknown browsers and for
 * each browser that signed in to it before (known-devices.ts). Anyone can fail on purpose from
 * unknown browsers and lock those out; that lock never reaches the owner's browsers, each of which
 * only its own failures lock. An attempt is counted before the (slow) password check, in one
 * statement that refuses it once the limit is reached, so parallel attempts cannot all be checked
 * against a count none of them has added to yet. A success gives its address its attempt back and
 * clears the count of the side it came from.
 */
export class SignInLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly opts: SignInLimits = DEFAULT_LIMITS,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts an attempt on `accountKey` (the account as typed) from `address`, from the account's
   * known browser `knownDeviceId` if it is one, or refuses it with 429 when a limit is reached.
   */
  async begin(accountKey: string, address: string, knownDeviceId: number | null = null): Promise<SignInAttempt> {
    const addressKey = `ip:${address}`;
    const accountSide = knownDeviceId !== null ? `d:${knownDeviceId}` : `a:${accountKey}`;
    await this.take(addressKey, this.opts.perAddress, '');
    try {
      await this.take(
        accountSide,
        knownDeviceId !== null ? this.opts.perKnownDevice : this.opts.perAccount,
        knownDeviceId !== null ? '' : ' A browser you have signed in with before can still sign in.',
      );
    } catch (err) {
      await this.giveBack(addressKey);
      throw err;
    }
    return {
      failed: async () => {
        // Now and then, the windows that have ended go.
        if (Math.random() < 0.01) await this.db.deleteFrom('sign_in_failures').where('reset_at', '<=', this.now()).execute();
      },
      succeeded: async () => {
        await this.giveBack(addressKey);
        await this.db.deleteFrom('sign_in_failures').where('key', '=', accountSide).execute();
      },
    };
  }

  /** Adds one to the key's count unless it has reached `limit` in a window still running, in one statement. */
  private async take(key: string, limit: number, hint: string): Promise<void> {
    const now = this.now();
    const { rows } = await sql<{ failures: number }>`
      insert into sign_in_failures (key, failures, reset_at) values (${key}, 1, ${now + this.opts.windowMs})
      on conflict (key) do update set
        failures = case when sign_in_failures.reset_at <= ${now} then 1 else sign_in_failures.failures + 1 end,
        reset_at = case when sign_in_failures.reset_at <= ${now} then excluded.reset_at else sign_in_failures.reset_at end
      where sign_in_failures.reset_at <= ${now} or sign_in_failures.failures < ${limit}
      returning failures
    `.execute(this.db);
    if (rows.length) return;
    const row = await this.db.selectFrom('sign_in_failures').select('reset_at').where('key', '=', key).executeTakeFirst();
    const minutes = Math.max(1, Math.ceil((Number(row?.reset_at ?? now) - now) / 60_000));
    throw new AppError('TOO_MANY_REQUESTS', `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.${hint}`);
  }

  /** Takes one back off the key's count; a count back at nothing leaves no row, as if never taken. */
  private async giveBack(key: string): Promise<void> {
    const gone = await this.db.deleteFrom('sign_in_failures').where('key', '=', key).where('failures', '<=', 1).executeTakeFirst();
    if (Number(gone.numDeletedRows) > 0) return;
    await this.db
      .updateTable('sign_in_failures')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', key)
      .where('failures', '>', 1)
      .execute();
  }
}
