import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as lists from '../services/leads/lists.service.js';
import { EXPORT_FILE_NAME } from '../services/leads/lead-export.js';
import { LEAD_LIST_NAMES, LeadExportQuery } from '../../shared/schemas/lead-lists.js';
import { LEGACY_LISTS } from '../../shared/lead-status.js';
import { idField } from '../../shared/schemas/users.js';
import { requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';
import { withLeadExtras } from '../services/lead-fields/lead-extras.js';

const TelecallerParams = z.object({ id: idField });

export const leadsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Lead lists');
  const guard = requireRole('subadmin');

  // The original client's per-telecaller lists: path word, list, and the count field it reads.
  for (const { word, list, countField } of LEGACY_LISTS) {
    r.get(`/getTelecallersWith${word}Leads`, { summary: `Telecallers with ${list} leads, and how many (${countField})`, guard }, async (req) => {
      const rows = await lists.listTelecallerCounts(deps, subadminOf(req), list);
      return { status: true, telecallers: rows.map((r) => ({ id: r.id, name: r.name, [countField]: r.count })) };
    });

    r.get(`/get${word}LeadsByTelecaller/:id`, { summary: `One telecaller's ${list} leads`, guard, params: TelecallerParams }, async (req, { params }) => {
      const actor = subadminOf(req);
      const { leads, total } = await lists.legacyLeadsOfTelecaller(deps, actor, params.id, list);
      // the spec's keys first, then email, fields and extra details (docs/legacy-api.md#extra-keys)
      return { status: true, leads: await withLeadExtras(deps.db, actor.subadminId, leads), total };
    });
  }

  // leads.csv, streamed: the uploaded-leads filters, or one telecaller's list (telecallerId + status).
  r.get(
    '/leads/export.csv',
    {
      summary: 'Leads as a CSV file',
      description: `With telecallerId, that telecaller's list named by status (${LEAD_LIST_NAMES}); without it, the uploaded leads filtered by status code, category, search and assigned. \`fields\` narrows either by the company's fields (JSON: [{"key":"roof","anyOf":["rcc"]}], at most 5). The original client's columns come first, then the lead's work, every company field and the extra details (docs/lead-fields-lists.md).`,
      guard,
      query: LeadExportQuery,
      answers: 'csv',
      errors: [404],
    },
    async (req, { query }, reply) => {
      const chunks = await lists.openLeadExport(deps, subadminOf(req), query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
        .send(Readable.from(chunks, { objectMode: false }));
    },
  );
};
