import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as complaints from '../services/complaints/complaints.service.js';
import { CreateComplaintInput } from '../../shared/schemas/complaints.js';
import { parseInput, requireRole, subadminOf } from './legacy.js';

export const complaintsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const subadminOnly = { preHandler: requireRole('subadmin') };

  app.get('/subadmin/fetchcomplaints', subadminOnly, async (req) => {
    const rows = await complaints.listAllMine(deps, subadminOf(req));
    return { status: true, data: rows };
  });

  app.post('/subadmin/createcomplaints', subadminOnly, async (req) => {
    await complaints.createComplaint(deps, subadminOf(req), parseInput(CreateComplaintInput, req.body));
    return { status: true, success: true, message: 'Complaint created successfully' };
  });
};
