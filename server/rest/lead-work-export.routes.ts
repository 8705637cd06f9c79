import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import { openNewLeadsExport } from '../services/lead-work/new-leads-export.js';
import { EXPORT_FILE_NAME } from '../services/leads/lead-export.js';
import { PageInput } from '../../shared/schemas/paging.js';
import { parseInput, requireRole, userOf } from './legacy.js';

const ExportQuery = PageInput.pick({ search: true });

/** The telecaller's (and head's) own New Leads as leads.csv, streamed; the web's Export CSV link. */
export const leadWorkExportRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  app.get('/work/new-leads.csv', { preHandler: requireRole('Telicaller', 'Telicaller-hade') }, async (req, reply) => {
    const { search } = parseInput(ExportQuery, req.query);
    const chunks = await openNewLeadsExport(deps, userOf(req), search);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  });
};
