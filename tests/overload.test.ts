import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { callerWithNewLeads } from './helpers/company.js';
import { scrape } from './helpers/prometheus.js';
import { FEEDBACK_OPTIONS } from '../shared/schemas/lead-work.js';
import { LEAD_STATUS } from '../shared/lead-status.js';
import { SERVER_BUSY } from '../server/errors.js';

const TOKEN = 'overload-metrics-0123456789';
const NOT_INTERESTED = LEAD_STATUS.notInterested;
const FEEDBACK = FEEDBACK_OPTIONS[NOT_INTERESTED][0];

/**
 * Keeps the event loop busy in long synchronous stretches (letting timers run between them) until the
 * server finds itself overloaded: polled, not timed, so a slow machine only takes longer.
 */
async function overloadEventLoop(app: FastifyInstance, stretchMs = 150, giveUpMs = 20_000): Promise<void> {
  const giveUpAt = Date.now() + giveUpMs;
  while (!app.isUnderPressure()) {
    if (Date.now() > giveUpAt) throw new Error('the server never found itself overloaded');
    const end = Date.now() + stretchMs;
    let spins = 0;
    while (Date.now() < end) spins++;
    expect(spins).toBeGreaterThan(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const giveUpAt = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > giveUpAt) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe.each(dialects)('an overloaded server on %s', (dialect) => {
  const t = testAppFor(dialect, {
    OVERLOAD_EVENT_LOOP_DELAY_MS: '50',
    OVERLOAD_SAMPLE_INTERVAL_MS: '500',
    OVERLOAD_RETRY_AFTER_SECONDS: '7',
    METRICS_TOKEN: TOKEN,
  });

  it('refuses new work with 503 and Retry-After, changing nothing, keeps answering health checks, and serves again once the pressure passes', async () => {
    // Building the app (migrations, the modules' first run) can itself have kept the loop busy.
    await until(async () => !t.app.isUnderPressure());
    const { session, leads } = await callerWithNewLeads(t, 10);
    const refusalsBefore = (await scrape(t.app, TOKEN)).value('telecall_overload_refusals_total');
    const submitViaTrpc = (leadId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/trpc/work.submit',
        headers: { cookie: session.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ leadId, status: NOT_INTERESTED, feedback: FEEDBACK, client_key: `overload-${dialect}-${leadId}` }),
      });
    const submitViaLegacy = (leadId: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webapi/submitLeadForm',
        headers: { authorization: `Bearer ${session.token}` },
        payload: { customer_id: leadId, status: NOT_INTERESTED, feedback: FEEDBACK },
      });

    // Each try on fresh leads: should the pressure pass before a request is looked at, that request is
    // served, and its lead is no longer one that nothing happened to.
    let refused: { leadIds: [number, number]; answers: Awaited<ReturnType<typeof submitViaTrpc>>[] } | null = null;
    let answered503 = 0;
    for (let attempt = 0; attempt < 5 && !refused; attempt++) {
      const leadIds: [number, number] = [leads[2 * attempt]!, leads[2 * attempt + 1]!];
      await overloadEventLoop(t.app);
      const answers = await Promise.all([
        submitViaTrpc(leadIds[0]),
        submitViaLegacy(leadIds[1]),
        t.app.inject({ method: 'GET', url: '/healthz' }),
        t.app.inject({ method: 'GET', url: '/readyz' }),
        t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } }),
      ]);
      answered503 += answers.slice(0, 2).filter((a) => a.statusCode === 503).length;
      if (answers[0]!.statusCode === 503 && answers[1]!.statusCode === 503) refused = { leadIds, answers };
    }
    expect(refused, 'both submissions refused while overloaded').not.toBeNull();
    const [viaTrpc, viaLegacy, health, ready, metrics] = refused!.answers;

    expect(viaTrpc!.headers['retry-after']).toBe('7');
    expect(viaTrpc!.json()).toEqual({ error: { message: SERVER_BUSY, code: -32603, data: { code: 'SERVICE_UNAVAILABLE', httpStatus: 503 } } });
    expect(viaLegacy!.headers['retry-after']).toBe('7');
    expect(viaLegacy!.json()).toEqual({ status: false, success: false, message: SERVER_BUSY });
    expect(health!.statusCode).toBe(200);
    expect(ready!.statusCode).toBe(503);
    expect(ready!.json()).toEqual({ status: 'overloaded' });
    expect(metrics!.statusCode).toBe(200);

    // Nothing the refused requests asked for happened.
    const touched = await t.deps.db.selectFrom('leads').select(['id', 'status']).where('id', 'in', refused!.leadIds).orderBy('id').execute();
    expect(touched.map((l) => l.status)).toEqual([LEAD_STATUS.new, LEAD_STATUS.new]);
    const history = await t.deps.db.selectFrom('lead_history').select('id').where('lead_id', 'in', refused!.leadIds).execute();
    expect(history).toEqual([]);
    expect((await scrape(t.app, TOKEN)).value('telecall_overload_refusals_total')).toBe(refusalsBefore + answered503);

    // Once the event loop is free again, the same submissions go through (the refused key was never stored).
    await until(async () => (await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode === 200);
    const again = await submitViaTrpc(refused!.leadIds[0]);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.data.replayed).toBeUndefined();
    expect((await submitViaLegacy(refused!.leadIds[1])).statusCode).toBe(200);
    const after = await t.deps.db.selectFrom('leads').select('status').where('id', 'in', refused!.leadIds).execute();
    expect(after.map((l) => l.status)).toEqual([NOT_INTERESTED, NOT_INTERESTED]);
  });
});
