import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { openSpeedExport, type SpeedExport } from '../services/speed/speed-to-lead.service.js';
import { SpeedRangeInput } from '../../shared/schemas/speed.js';
import { requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';

export const speedRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Speed to lead');
  const owner = { guard: requireRole('subadmin'), query: SpeedRangeInput, answers: 'csv' as const };

  async function send(kind: SpeedExport, req: FastifyRequest, query: z.output<typeof SpeedRangeInput>, reply: FastifyReply) {
    const { fileName, chunks } = await openSpeedExport(deps, subadminOf(req), kind, query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  }

  // Speed to lead as CSV, streamed: per telecaller (with the pool and the company), and per arrival day.
  r.get('/speed/telecallers.csv', { summary: 'Speed to lead per telecaller as a CSV file', ...owner }, (req, { query }, reply) =>
    send('callers', req, query, reply),
  );
  r.get('/speed/days.csv', { summary: 'Speed to lead per arrival day as a CSV file', ...owner }, (req, { query }, reply) => send('days', req, query, reply));
};
