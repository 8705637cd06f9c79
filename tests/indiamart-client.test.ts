import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeIndiamart, queryTime } from './helpers/fake-indiamart.js';
import { freePort } from './helpers/net.js';
import { buildPullUrl, fetchIndiamartLeads, parseApiLink } from '../server/services/indiamart/client.js';

describe('IndiaMART client against the fake server', () => {
  let fake: FakeIndiamart;
  beforeAll(async () => {
    fake = await FakeIndiamart.start();
  });
  afterAll(() => fake?.close());

  const end = new Date();
  const start = new Date(end.getTime() - 3600_000);
  const urlFor = (key: string) => buildPullUrl(parseApiLink(fake.link(key))!, start, end);

  it('reads leads in the window and answers 204 without, 401 for an unknown key, 400 for a window over 7 days', async () => {
    fake.setLeads('k1', [
      { UNIQUE_QUERY_ID: '1', QUERY_TIME: queryTime(new Date(end.getTime() - 60_000)), SENDER_MOBILE: '+91-9876543210' },
      { UNIQUE_QUERY_ID: '2', QUERY_TIME: queryTime(new Date(end.getTime() - 2 * 3600_000)), SENDER_MOBILE: '+91-9876543211' },
    ]);
    const ok = await fetchIndiamartLeads(urlFor('k1'));
    expect(ok).toMatchObject({ code: '200', totalRecords: 1 });
    expect(ok.rows.map((r) => r.UNIQUE_QUERY_ID)).toEqual(['1']);

    fake.setLeads('k2', []);
    expect(await fetchIndiamartLeads(urlFor('k2'))).toMatchObject({ code: '204', rows: [] });
    expect(await fetchIndiamartLeads(urlFor('nobody'))).toMatchObject({ code: '401', message: 'Invalid API key.' });
    const wide = buildPullUrl(parseApiLink(fake.link('k2'))!, new Date(end.getTime() - 8 * 24 * 3600_000), end);
    expect(await fetchIndiamartLeads(wide)).toMatchObject({ code: '400', message: 'The time range may span at most 7 days.' });
  });

  it('answers 429 to a second call within 5 minutes when the fake enforces it', async () => {
    fake.setLeads('k3', []);
    fake.enforceRate = true;
    try {
      expect((await fetchIndiamartLeads(urlFor('k3'))).code).toBe('204');
      expect(await fetchIndiamartLeads(urlFor('k3'))).toMatchObject({ code: '429', message: expect.stringMatching(/5 minutes/) });
    } finally {
      fake.enforceRate = false;
    }
  });

  it('reports an HTML error page, a redirect and a too-large answer without following or reading them', async () => {
    fake.setLeads('k4', []);
    fake.queueAnswer('k4', { http: 503, body: '<html>Service Unavailable</html>' });
    expect(await fetchIndiamartLeads(urlFor('k4'))).toMatchObject({ code: '503', message: 'IndiaMART answered HTTP 503.' });

    fake.queueAnswer('k4', { http: 302, body: '', headers: { location: 'http://169.254.169.254/latest/meta-data' } });
    expect(await fetchIndiamartLeads(urlFor('k4'))).toMatchObject({ code: '302', message: 'IndiaMART answered HTTP 302.' });

    fake.queueAnswer('k4', { body: { CODE: 200, MESSAGE: '', TOTAL_RECORDS: 1, RESPONSE: [{ QUERY_MESSAGE: 'x'.repeat(5000) }] } });
    expect(await fetchIndiamartLeads(urlFor('k4'), { maxBytes: 1000 })).toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'IndiaMART sent an answer too large to read.',
    });
  });

  it('turns a refused connection and a timeout into codes, without the key in the message', async () => {
    const port = await freePort();
    const dead = await fetchIndiamartLeads(`http://127.0.0.1:${port}/x?glusr_crm_key=secret`);
    expect(dead).toEqual({ code: 'NETWORK', message: 'Could not reach IndiaMART (ECONNREFUSED).', totalRecords: null, rows: [] });

    fake.queueAnswer('k5', { delayMs: 400, body: { CODE: 204 } });
    const slow = await fetchIndiamartLeads(urlFor('k5'), { timeoutMs: 100 });
    expect(slow).toMatchObject({ code: 'TIMEOUT', message: 'IndiaMART did not answer within 100 ms.' });
    expect(JSON.stringify([dead, slow])).not.toContain('secret');
  });

  it('uses an injected fetch function', async () => {
    const seen: string[] = [];
    const answer = await fetchIndiamartLeads('https://mapi.indiamart.com/x?glusr_crm_key=k', {
      fetchFn: async (url) => {
        seen.push(url);
        return new Response(JSON.stringify({ CODE: 204, MESSAGE: 'None' }), { status: 200 });
      },
    });
    expect(answer).toMatchObject({ code: '204', message: 'None' });
    expect(seen).toEqual(['https://mapi.indiamart.com/x?glusr_crm_key=k']);
  });
});
