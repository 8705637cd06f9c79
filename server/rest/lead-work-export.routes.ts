import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import { openNewLeadsExport } from '../services/lead-work/new-leads-export.js';
import { EXPORT_FILE_NAME } from '../services/leads/lead-export.js';
import { PageInput } from '../../shared/schemas/paging.js';
import { requireRole, userOf } from './legacy.js';
import { legacyRoutes } from './route.js';

const ExportQuery = PageInput.pick({ search: true });

/** The telecaller's (and head's) own New Leads as leads.csv, streamed; the web's Export CSV link. */
export const leadWorkExportRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Lead work');
  r.get(
    '/work/new-leads.csv',
    {
      summary: "The caller's new leads as a CSV file",
      description: "Refused (403) when the company has turned off its telecallers' exports (Calling Rules).",
      guard: requireRole('Telicaller', 'Telicaller-hade'),
      query: ExportQuery,
      answers: 'csv',
    },
    async (req, { query }, reply) => {
      const chunks = await openNewLeadsExport(deps, userOf(req), query.search);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
};
