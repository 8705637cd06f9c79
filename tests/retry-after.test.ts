import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter, retryAfterOf } from '../web/src/lib/retryAfter.js';
import { SERVER_BUSY } from '../server/errors.js';

// The web app's tRPC client, resolved by vitest only (its imports follow the web app's bundler rules).
const TRPC = '../web/src/trpc.js';
type Client = { work: { submit: { mutate(input: unknown): Promise<unknown> } } };
const { trpcClient } = (await import(TRPC)) as { trpcClient: Client };

const NOW = Date.parse('2026-11-23T06:30:00Z');

describe('Retry-After, as the phone reads it', () => {
  it('reads whole seconds', () => {
    expect(parseRetryAfter('10', NOW)).toBe(10_000);
    expect(parseRetryAfter(' 0 ', NOW)).toBe(0);
    expect(parseRetryAfter('120', NOW)).toBe(120_000);
  });

  it('reads an HTTP date as the time until it, and a past date as now', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 06:30:45 GMT', NOW)).toBe(45_000);
    expect(parseRetryAfter('Monday, 23-Nov-26 06:31:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Mon, 23 Nov 2026 06:00:00 GMT', NOW)).toBe(0);
  });

  it('reads nothing else', () => {
    for (const value of [null, undefined, '', '  ', '-5', '1.5', 'soon', '10s', '2026-11-23', 'Mon, 99 Nov 2026 06:30:45 GMT']) {
      expect(parseRetryAfter(value, NOW), String(value)).toBeNull();
    }
  });

  it('takes a 503 or 429 answer’s Retry-After, kept between 1 second and 5 minutes', () => {
    const answer = (status: number, retryAfter?: string) => ({
      meta: { response: new Response(null, { status, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } }) },
    });
    expect(retryAfterOf(answer(503, '7'), NOW)).toBe(7_000);
    expect(retryAfterOf(answer(429, '30'), NOW)).toBe(30_000);
    expect(retryAfterOf(answer(503, '0'), NOW)).toBe(1_000);
    expect(retryAfterOf(answer(503, '3600'), NOW)).toBe(300_000);
    expect(retryAfterOf(answer(503, 'Mon, 23 Nov 2026 06:32:00 GMT'), NOW)).toBe(120_000);
    expect(retryAfterOf(answer(503), NOW)).toBeNull();
    expect(retryAfterOf(answer(500, '7'), NOW)).toBeNull();
    expect(retryAfterOf(answer(200, '7'), NOW)).toBeNull();
    expect(retryAfterOf(new Error('Failed to fetch'), NOW)).toBeNull();
    expect(retryAfterOf(null, NOW)).toBeNull();
  });
});

describe("the tRPC client's error for the overloaded server's answer", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('carries the answer, so its status and Retry-After are read', async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error: { message: SERVER_BUSY, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } },
        { status: 503, headers: { 'retry-after': '7' } },
      ),
    );
    const err = await trpcClient.work.submit.mutate({ leadId: 1, status: '3' }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ message: SERVER_BUSY, data: { httpStatus: 503 } });
    expect(retryAfterOf(err)).toBe(7_000);
  });
});
