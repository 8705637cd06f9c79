import { AppError } from '../errors.js';

interface Window {
  failures: number;
  resetAt: number;
}

/**
 * Counts failed sign-ins per account and per address in memory (one container serves a company).
 * Only failures count; a success clears the account's count.
 */
export class SignInLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly opts = { perAccount: 5, perAddress: 30, windowMs: 15 * 60_000 },
    private readonly now: () => number = Date.now,
  ) {}

  assertAllowed(accountKey: string, address: string): void {
    for (const [key, limit] of [[`a:${accountKey}`, this.opts.perAccount], [`ip:${address}`, this.opts.perAddress]] as const) {
      const w = this.current(key);
      if (w && w.failures >= limit) {
        const minutes = Math.max(1, Math.ceil((w.resetAt - this.now()) / 60_000));
        throw new AppError(
          'TOO_MANY_REQUESTS',
          `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
    }
  }

  recordFailure(accountKey: string, address: string): void {
    for (const key of [`a:${accountKey}`, `ip:${address}`]) {
      const w = this.current(key) ?? { failures: 0, resetAt: this.now() + this.opts.windowMs };
      w.failures += 1;
      this.windows.set(key, w);
    }
    if (this.windows.size > 10_000) this.sweep();
  }

  recordSuccess(accountKey: string): void {
    this.windows.delete(`a:${accountKey}`);
  }

  private current(key: string): Window | undefined {
    const w = this.windows.get(key);
    if (w && w.resetAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private sweep(): void {
    for (const key of [...this.windows.keys()]) this.current(key);
  }
}
