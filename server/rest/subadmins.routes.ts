import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import * as subadmins from '../services/subadmins/subadmins.service.js';
import { CreateSubadminInput, type SubadminListItem } from '../../shared/schemas/subadmins.js';
import { adminOf, parseInput, requireRole } from './legacy.js';
import { notFound } from '../errors.js';

/** The spec's sub-admin record, field for field. */
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

/** An id in the path that is not a positive whole number names no sub-admin. */
function idParam(req: FastifyRequest): number {
  const raw = (req.params as { id?: string }).id ?? '';
  const id = /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw notFound('Subadmin');
  return id;
}

export const subadminsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const admin = { preHandler: requireRole('admin') };

  app.get('/FetchData', admin, async (req) => {
    const list = await subadmins.listAllSubadmins(deps, adminOf(req));
    return { status: true, data: list.map(toLegacySubadmin) };
  });

  app.post('/createsubadmins', admin, async (req, reply) => {
    const created = await subadmins.createSubadmin(deps, adminOf(req), parseInput(CreateSubadminInput, req.body));
    return reply.code(201).send({ success: true, status: true, message: 'Subadmin created successfully!', data: toLegacySubadmin(created) });
  });

  app.patch('/subadmins/block/:id', admin, async (req) => {
    await subadmins.setSubadminBlocked(deps, adminOf(req), { id: idParam(req), blocked: true });
    return { status: true, success: true, message: 'Subadmin blocked successfully.' };
  });

  app.patch('/subadmins/unblock/:id', admin, async (req) => {
    await subadmins.setSubadminBlocked(deps, adminOf(req), { id: idParam(req), blocked: false });
    return { status: true, success: true, message: 'Subadmin unblocked successfully.' };
  });

  app.delete('/subadmins/:id', admin, async (req) => {
    await subadmins.removeSubadmin(deps, adminOf(req), { id: idParam(req) });
    return { status: true, success: true, message: 'Subadmin deleted successfully.' };
  });
};
