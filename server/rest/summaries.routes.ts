import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as summaries from '../services/summaries/summaries.service.js';
import { DateRangeInput, LOGIN_HOUR_WINDOWS, splitDuration, type CallTotal } from '../../shared/schemas/summaries.js';
import { requireRole, subadminOf, userOf } from './legacy.js';
import { legacyRoutes } from './route.js';

/** The original API's count and duration: { count, duration: { h, m, s } }. */
const legacyTotal = (t: CallTotal) => ({ count: t.count, duration: splitDuration(t.duration) });

export const summariesRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Summaries');
  const owner = { guard: requireRole('subadmin'), query: DateRangeInput };

  // The signed-in telecaller's (or head's) calls: today, yesterday, this week, month and year.
  r.get(
    '/get-call-summary',
    {
      summary: "The caller's own calls: today, yesterday, this week, month and year",
      description: 'Each window has count and duration {h, m, s}.',
      guard: requireRole('Telicaller', 'Telicaller-hade'),
    },
    async (req) => {
      const hours = await summaries.loginHours(deps, userOf(req));
      const summary = Object.fromEntries(LOGIN_HOUR_WINDOWS.map((w) => [w, legacyTotal(hours.windows[w])]));
      return { status: true, summary, message: 'Call summary fetched successfully' };
    },
  );

  // Every telecaller of the company with its calls per category; from/to (YYYY-MM-DD) default to today.
  r.get(
    '/get-all-call-summary',
    {
      summary: "Every telecaller's calls by category over a range of days",
      description: "from and to (YYYY-MM-DD, the company's days) default to today.",
      ...owner,
    },
    async (req, { query }) => {
      const result = await summaries.callSummary(deps, subadminOf(req), query);
      return {
        status: true,
        data: result.callers.map((c) => ({ id: c.id, name: c.name, summary: Object.fromEntries(c.categories.map((cat) => [cat.category, legacyTotal(cat)])) })),
      };
    },
  );

  // The productivity table as CSV, streamed.
  r.get('/summaries/productivity.csv', { summary: 'The productivity table as a CSV file', ...owner, answers: 'csv' }, async (req, { query }, reply) => {
    const { fileName, chunks } = await summaries.openProductivityExport(deps, subadminOf(req), query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  });
};
