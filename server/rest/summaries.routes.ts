import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as summaries from '../services/summaries/summaries.service.js';
import { DateRangeInput, LOGIN_HOUR_WINDOWS, splitDuration, type CallTotal } from '../../shared/schemas/summaries.js';
import { parseInput, requireRole, subadminOf, userOf } from './legacy.js';

/** The original API's count and duration: { count, duration: { h, m, s } }. */
const legacyTotal = (t: CallTotal) => ({ count: t.count, duration: splitDuration(t.duration) });

export const summariesRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const subadmin = { preHandler: requireRole('subadmin') };

  // The signed-in telecaller's (or head's) calls: today, yesterday, this week, month and year.
  app.get('/get-call-summary', { preHandler: requireRole('Telicaller', 'Telicaller-hade') }, async (req) => {
    const hours = await summaries.loginHours(deps, userOf(req));
    const summary = Object.fromEntries(LOGIN_HOUR_WINDOWS.map((w) => [w, legacyTotal(hours.windows[w])]));
    return { status: true, summary, message: 'Call summary fetched successfully' };
  });

  // Every telecaller of the company with its calls per category; from/to (YYYY-MM-DD) default to today.
  app.get('/get-all-call-summary', subadmin, async (req) => {
    const result = await summaries.callSummary(deps, subadminOf(req), parseInput(DateRangeInput, req.query));
    return {
      status: true,
      data: result.callers.map((c) => ({
        id: c.id,
        name: c.name,
        summary: Object.fromEntries(c.categories.map((cat) => [cat.category, legacyTotal(cat)])),
      })),
    };
  });

  // The productivity table as CSV, streamed.
  app.get('/summaries/productivity.csv', subadmin, async (req, reply) => {
    const { fileName, chunks } = await summaries.openProductivityExport(deps, subadminOf(req), parseInput(DateRangeInput, req.query));
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  });
};
