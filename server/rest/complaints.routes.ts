import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as complaints from '../services/complaints/complaints.service.js';
import * as fromUsers from '../services/complaints/user-complaints.service.js';
import {
  ComplaintIdInput,
  CreateComplaintInput,
  ReplyComplaintInput,
  UserComplaintInput,
  type ComplaintStatusFilter,
} from '../../shared/schemas/complaints.js';
import { requireRole, subadminOf, userOf } from './legacy.js';
import { legacyRoutes, mappedBody, type Input } from './route.js';
import { LegacyPaging } from './lead-work.legacy.js';

/** A user's complaint to its company: the original form sends the reason as `service` and the description as `area`. */
const UserComplaintBody = mappedBody(
  {
    service: UserComplaintInput.shape.reason.optional().describe("The reason (the original form's name for it); required unless sent as reason."),
    reason: UserComplaintInput.shape.reason.optional().describe('The reason, when service is not sent.'),
    area: UserComplaintInput.shape.description.optional().describe("The description (the original form's name for it); required unless sent as description."),
    description: UserComplaintInput.shape.description.optional().describe('The description, when area is not sent.'),
  },
  (raw) => {
    const b = (raw ?? {}) as Record<string, unknown>;
    return { reason: b.service ?? b.reason, description: b.area ?? b.description };
  },
  UserComplaintInput,
);

/** The reply is read over the path's id, as the body's fields over it: an id sent in the body must be a valid one too. */
const ReplyBody = z.preprocess((b) => ({ ...(b as object) }), ReplyComplaintInput.partial({ id: true }));

export const complaintsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Complaints');
  const guard = requireRole('subadmin');

  r.get('/subadmin/fetchcomplaints', { summary: "The company's own complaints to the platform admin", guard }, async (req) => {
    const rows = await complaints.listAllMine(deps, subadminOf(req));
    return { status: true, data: rows };
  });

  r.post(
    '/subadmin/createcomplaints',
    { summary: 'File a complaint with the platform admin', guard, body: CreateComplaintInput, errors: [409] },
    async (req, { body }) => {
      await complaints.createComplaint(deps, subadminOf(req), body);
      return { status: true, success: true, message: 'Complaint created successfully' };
    },
  );

  r.post(
    '/submitComplaint',
    { summary: "A user's complaint or suggestion to its company", guard: requireRole('user'), body: UserComplaintBody },
    async (req, { body }) => {
      const { id } = await fromUsers.createUserComplaint(deps, userOf(req), body);
      return { status: true, success: true, message: 'Complaint submitted successfully', id };
    },
  );

  const companyList =
    (status: ComplaintStatusFilter) =>
    async (req: FastifyRequest, { query }: Input<undefined, typeof LegacyPaging, undefined, undefined>) => {
      const page = await fromUsers.listCompanyUserComplaints(deps, subadminOf(req), { status, ...query });
      return { status: true, data: page.items, total: page.total };
    };
  r.get('/getPendingComplaints', { summary: "The users' complaints still pending", guard, query: LegacyPaging }, companyList('pending'));
  r.get('/getResolvedComplaints', { summary: "The users' resolved complaints", guard, query: LegacyPaging }, companyList('closed'));

  r.patch(
    '/subadmin/complaints/reply/:id',
    { summary: "Reply to a user's complaint", guard, params: ComplaintIdInput, body: ReplyBody },
    async (req, { params, body }) => {
      await fromUsers.replyToUserComplaint(deps, subadminOf(req), { id: params.id, reply: body.reply });
      return { status: true, success: true, message: 'Reply added successfully!' };
    },
  );

  r.patch('/subadmin/complaints/resolve/:id', { summary: "Mark a user's complaint resolved", guard, params: ComplaintIdInput }, async (req, { params }) => {
    await fromUsers.resolveUserComplaint(deps, subadminOf(req), { id: params.id });
    return { status: true, success: true, message: 'Complaint resolved successfully!' };
  });
};
