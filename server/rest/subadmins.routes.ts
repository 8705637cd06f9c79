import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../deps.js';
import * as subadmins from '../services/subadmins/subadmins.service.js';
import { CreateSubadminInput, type SubadminListItem } from '../../shared/schemas/subadmins.js';
import { MAX_ID } from '../../shared/schemas/users.js';
import { adminOf, requireRole } from './legacy.js';
import { legacyRoutes } from './route.js';
import { notFound } from '../errors.js';

/** The original client's sub-admin record, field for field. */
export function toLegacySubadmin(s: SubadminListItem) {
  return {
    id: s.id,
    name: s.name,
    email: s.email,
    company_name: s.company_name,
    mobile: s.mobile,
    expiry_date: s.expiry_date,
    gst: s.gst,
    company_bio: s.company_bio,
    address: s.address,
    telecaller_creat_limit: s.telecaller_creat_limit,
    is_blocked: s.is_blocked,
  };
}

/** An id in the path that is not a positive whole number names no sub-admin: not found, rather than a bad request. */
const SubadminPath = z.object({
  id: z
    .string()
    .transform((raw) => (/^\d+$/.test(raw) && Number(raw) <= MAX_ID ? Number(raw) : 0))
    .describe("The sub-admin's id; anything but a positive whole number answers 404."),
});
const subadminId = (id: number) => {
  if (id < 1) throw notFound('Subadmin');
  return id;
};

export const subadminsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Sub-admins');
  const guard = requireRole('admin');

  r.get('/FetchData', { summary: 'Every sub-admin (company)', guard }, async (req) => {
    const list = await subadmins.listAllSubadmins(deps, adminOf(req));
    return { status: true, data: list.map(toLegacySubadmin) };
  });

  r.post(
    '/createsubadmins',
    { summary: 'Create a sub-admin (a company and its sign-in)', guard, body: CreateSubadminInput, answers: 'created', errors: [409] },
    async (req, { body }, reply) => {
      const created = await subadmins.createSubadmin(deps, adminOf(req), body);
      return reply.code(201).send({ success: true, status: true, message: 'Subadmin created successfully!', data: toLegacySubadmin(created) });
    },
  );

  r.patch('/subadmins/block/:id', { summary: 'Block a sub-admin: it and its users cannot sign in', guard, params: SubadminPath }, async (req, { params }) => {
    await subadmins.setSubadminBlocked(deps, adminOf(req), { id: subadminId(params.id), blocked: true });
    return { status: true, success: true, message: 'Subadmin blocked successfully.' };
  });

  r.patch('/subadmins/unblock/:id', { summary: 'Unblock a sub-admin', guard, params: SubadminPath }, async (req, { params }) => {
    await subadmins.setSubadminBlocked(deps, adminOf(req), { id: subadminId(params.id), blocked: false });
    return { status: true, success: true, message: 'Subadmin unblocked successfully.' };
  });

  r.delete('/subadmins/:id', { summary: 'Delete a sub-admin', guard, params: SubadminPath }, async (req, { params }) => {
    await subadmins.removeSubadmin(deps, adminOf(req), { id: subadminId(params.id) });
    return { status: true, success: true, message: 'Subadmin deleted successfully.' };
  });
};
