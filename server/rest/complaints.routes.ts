import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import * as complaints from '../services/complaints/complaints.service.js';
import * as fromUsers from '../services/complaints/user-complaints.service.js';
import { ComplaintIdInput, CreateComplaintInput, ReplyComplaintInput, UserComplaintInput, type ComplaintStatusFilter } from '../../shared/schemas/complaints.js';
import { parseInput, requireRole, subadminOf, userOf } from './legacy.js';
import { LegacyPaging } from './lead-work.legacy.js';

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

  // A user's complaint to its company: the original form sends the reason as `service` and the description as `area`.
  app.post('/submitComplaint', { preHandler: requireRole('user') }, async (req) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const input = parseInput(UserComplaintInput, { reason: b.service ?? b.reason, description: b.area ?? b.description });
    const { id } = await fromUsers.createUserComplaint(deps, userOf(req), input);
    return { status: true, success: true, message: 'Complaint submitted successfully', id };
  });

  const companyList = (status: ComplaintStatusFilter) => async (req: FastifyRequest) => {
    const page = await fromUsers.listCompanyUserComplaints(deps, subadminOf(req), { status, ...parseInput(LegacyPaging, req.query) });
    return { status: true, data: page.items, total: page.total };
  };
  app.get('/getPendingComplaints', subadminOnly, companyList('pending'));
  app.get('/getResolvedComplaints', subadminOnly, companyList('closed'));

  app.patch('/subadmin/complaints/reply/:id', subadminOnly, async (req) => {
    const { id } = parseInput(ComplaintIdInput, req.params);
    const { reply } = parseInput(ReplyComplaintInput, { id, ...((req.body ?? {}) as object) });
    await fromUsers.replyToUserComplaint(deps, subadminOf(req), { id, reply });
    return { status: true, success: true, message: 'Reply added successfully!' };
  });

  app.patch('/subadmin/complaints/resolve/:id', subadminOnly, async (req) => {
    const { id } = parseInput(ComplaintIdInput, req.params);
    await fromUsers.resolveUserComplaint(deps, subadminOf(req), { id });
    return { status: true, success: true, message: 'Complaint resolved successfully!' };
  });
};
