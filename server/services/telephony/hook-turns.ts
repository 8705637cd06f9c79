/**
 * Provider callbacks applied at once by this process, at most: a burst of them (a campaign's calls
 * ending together, a provider replaying its backlog) waits its turn here instead of taking every
 * database connection, so the telecallers' own requests and /healthz are still answered promptly.
 */
export class Turns {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly atOnce: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active < this.atOnce) this.active++;
    else await new Promise<void>((r) => this.waiting.push(r));
    try {
      return await work();
    } finally {
      // The turn goes straight to the next waiting callback, or is freed.
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}
