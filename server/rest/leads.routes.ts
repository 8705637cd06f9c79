import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as lists from '../services/leads/lists.service.js';
import { EXPORT_FILE_NAME } from '../services/leads/lead-export.js';
import { LeadExportQuery, type LeadList } from '../../shared/schemas/lead-lists.js';
import { idField } from '../../shared/schemas/users.js';
import { parseInput, requireRole, subadminOf } from './legacy.js';

// The original client's per-telecaller lists: path word, list, and the count field it reads.
const LISTS: { word: string; list: LeadList; countField: string }[] = [
  { word: 'Pending', list: 'pending', countField: 'pending_leads_count' },
  { word: 'Interested', list: 'interested', countField: 'interested_leads_count' },
  { word: 'NotInterested', list: 'notInterested', countField: 'not_interested_leads_count' },
  { word: 'FollowUp', list: 'followUp', countField: 'follow_up_leads_count' },
  { word: 'Invalid', list: 'invalid', countField: 'invalid_leads_count' },
];

const TelecallerParams = z.object({ id: idField });

export const leadsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const subadmin = { preHandler: requireRole('subadmin') };

  for (const { word, list, countField } of LISTS) {
    app.get(`/getTelecallersWith${word}Leads`, subadmin, async (req) => {
      const rows = await lists.listTelecallerCounts(deps, subadminOf(req), list);
      return { status: true, telecallers: rows.map((r) => ({ id: r.id, name: r.name, [countField]: r.count })) };
    });

    app.get(`/get${word}LeadsByTelecaller/:id`, subadmin, async (req) => {
      const { id } = parseInput(TelecallerParams, req.params);
      const { leads, total } = await lists.legacyLeadsOfTelecaller(deps, subadminOf(req), id, list);
      return { status: true, leads, total };
    });
  }

  // leads.csv, streamed: the uploaded-leads filters, or one telecaller's list (telecallerId + status).
  app.get('/leads/export.csv', subadmin, async (req, reply) => {
    const query = parseInput(LeadExportQuery, req.query);
    const chunks = await lists.openLeadExport(deps, subadminOf(req), query);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
      .send(Readable.from(chunks, { objectMode: false }));
  });
};
