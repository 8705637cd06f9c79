import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import type { SubadminActor, UserActor } from '../auth/actor.js';
import { AppError } from '../errors.js';
import * as distribution from '../services/distribution/distribution.service.js';
import { LegacyDistributeInput } from '../../shared/schemas/distribution.js';
import { requireRole, subadminOf } from './legacy.js';
import { legacyRoutes } from './route.js';

export const distributionRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Distribution');
  // The form reads the count; a head's dashboard reads it too (docs/product-rules.md#distribution-and-take-back), for its own company.
  // user_type is accepted and ignored: the pool is the same whoever asks.
  r.get(
    '/unassignedLeads',
    {
      summary: 'How many leads wait to be distributed, by category',
      description: 'A user_type in the query is accepted and ignored: the pool is the same whoever asks.',
      guard: requireRole('subadmin', 'Telicaller-hade'),
    },
    async (req) => {
      const pool = await distribution.getPool(deps, req.actor as SubadminActor | UserActor);
      return {
        status: true,
        total: pool.total,
        categories: pool.categories,
        message: pool.total ? 'Unassigned leads fetched successfully.' : 'No unassigned leads found',
      };
    },
  );

  r.post(
    '/distributeLeads',
    {
      summary: 'Give the oldest unassigned leads of a category to a telecaller or head',
      description:
        'Category: a category name, or the legacy keys india_mart (IndiaMART), local_leads (Local Leads) and customer_data (any category). Asking for more than there are assigns what there is; nothing to assign is a 400.',
      guard: requireRole('subadmin'),
      body: LegacyDistributeInput,
      errors: [404],
    },
    async (req, { body }) => {
      const result = await distribution.distributeLeads(deps, subadminOf(req), { userIds: [body.id], count: body.sendleads, category: body.category });
      // The original client reads status true as "distributed": nothing to hand out is a failure to it.
      if (result.assigned === 0) throw new AppError('BAD_REQUEST', result.message);
      return {
        status: true,
        success: true,
        message: 'Leads distributed successfully!',
        assigned: result.assigned,
        requested: result.requested,
        detail: result.message,
      };
    },
  );
};
