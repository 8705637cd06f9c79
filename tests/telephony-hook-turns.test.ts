import { describe, expect, it } from 'vitest';
import { Turns } from '../server/services/telephony/hook-turns.js';

describe('provider callbacks take turns', () => {
  it('runs at most the given number at once, every one in the end, in the order they came, errors included', async () => {
    const turns = new Turns(3);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const work = (i: number) =>
      turns.run(async () => {
        started.push(i);
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        running--;
        if (i === 4) throw new Error('refused');
        return i;
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => work(i)));
    expect(most).toBe(3);
    expect(started).toEqual([...Array(12).keys()]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    expect(results[4]).toMatchObject({ status: 'rejected' });
    // a refused callback gave its turn back: more still run
    expect(await work(99)).toBe(99);
  });
});
