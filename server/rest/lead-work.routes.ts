import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { pageAssignedLeads, pageQueue } from '../services/lead-work/queues.service.js';
import { submitLeadForm, updateLeadStatuses } from '../services/lead-work/submission.service.js';
import { leadHistory } from '../services/lead-work/history.service.js';
import { listHeads, userNames } from '../services/lead-work/colleagues.service.js';
import { getTiles } from '../services/dashboard/dashboard.service.js';
import type { Queue } from '../../shared/schemas/lead-work.js';
import { STATUS_COUNT_FIELDS } from '../../shared/lead-status.js';
import type { UserActor } from '../auth/actor.js';
import { failure, requireRole, userOf } from './legacy.js';
import { legacyRoutes } from './route.js';
import { withLeadExtras } from '../services/lead-fields/lead-extras.js';
import {
  CallHistoryQuery,
  LegacyLeadForm,
  LegacyPaging,
  NamesBody,
  UpdateStatusBody,
  toLegacyAssignedLead,
  toLegacyCallback,
  toLegacyHistory,
  toLegacyLead,
} from './lead-work.legacy.js';

/** The dashboard's lead counts in the order pendingtellecallerCount answers them: new, pending, then the other statuses' counts. */
const COUNT_ORDER = ['newLeads', 'pendingLeads', ...STATUS_COUNT_FIELDS.filter((f) => f !== 'newLeads')];

/** The original client's lead work, on the same services as the work router. */
export const leadWorkRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Lead work');
  const guard = requireRole('Telicaller', 'Telicaller-hade');
  const paged = { guard, query: LegacyPaging };

  const queuePage = (actor: UserActor, queue: Queue, page: { page: number; pageSize: number }) => pageQueue(deps, actor, { queue, ...page });
  // The spec's keys first, then the lead's email, fields and extra details (docs/legacy-api.md#extra-keys).
  const extras = <R extends { id: number }>(req: FastifyRequest, rows: R[]) => withLeadExtras(deps.db, userOf(req).subadminId, rows);

  r.get('/getLeads', { summary: 'New leads: sent today and not yet worked', ...paged }, async (req, { query }) => {
    const page = await queuePage(userOf(req), 'new', query);
    return {
      status: true,
      leads: await extras(req, page.items.map(toLegacyLead)),
      total: page.total,
      message: page.total ? 'Leads fetched successfully' : 'No leads found',
    };
  });

  r.get('/getLeadsPending', { summary: 'Pending leads: sent before today and not yet worked', ...paged }, async (req, { query }) => {
    const page = await queuePage(userOf(req), 'pending', query);
    return {
      status: true,
      leads: await extras(req, page.items.map(toLegacyLead)),
      total: page.total,
      message: page.total ? 'Pending leads fetched successfully' : 'No pending leads found',
    };
  });

  r.get('/getLeadsALL', { summary: 'Every lead assigned to the caller', ...paged }, async (req, { query }) => {
    const page = await pageAssignedLeads(deps, userOf(req), query);
    return { status: true, leads: await extras(req, page.items.map(toLegacyLead)), total: page.total };
  });

  r.get('/getCallbacks', { summary: "Today's callbacks", ...paged }, async (req, { query }) => {
    const page = await queuePage(userOf(req), 'callback', query);
    return {
      status: true,
      callbacks: page.items.map(toLegacyCallback),
      total: page.total,
      message: page.total ? 'Callbacks fetched successfully' : 'No callbacks scheduled for today',
    };
  });

  r.get(
    '/getAssignedLeadsForHandler',
    { summary: 'Junior leads: interested leads telecallers handed to this head', guard: requireRole('Telicaller-hade'), query: LegacyPaging },
    async (req, { query }) => {
      const page = await queuePage(userOf(req), 'junior', query);
      return {
        status: true,
        leads: await extras(req, page.items.map(toLegacyAssignedLead)),
        total: page.total,
        message: page.total ? 'Assigned leads fetched successfully' : 'No assigned leads found',
      };
    },
  );

  // telicaller_id in the body is the client's own idea of who it is: the session decides.
  r.post(
    '/update-status',
    {
      summary: "Set the status of several of the caller's leads",
      description: "Leads not the caller's are left alone and listed in not_found; when none is the caller's, 404.",
      guard,
      body: UpdateStatusBody,
      errors: [404],
    },
    async (req, { body }, reply) => {
      const result = await updateLeadStatuses(deps, userOf(req), body.leadIds, body.change, { legacy: true });
      if (result.updated.length === 0) return reply.code(404).send(failure('Lead not found.'));
      return { status: true, success: true, message: 'Lead status updated successfully!', updated: result.updated, not_found: result.notFound };
    },
  );

  r.post(
    '/submitLeadForm',
    {
      summary: "Submit the lead form: the call's outcome",
      description:
        "Sets the lead's status and adds a row to its call history. The form's read-only copies of the lead (name, service, area_name) may be sent; they are not written.",
      guard,
      body: LegacyLeadForm,
      errors: [404, 409],
    },
    async (req, { body }) => {
      const result = await submitLeadForm(deps, userOf(req), body, { legacy: true });
      return { status: true, success: true, message: 'Form submitted successfully', lead_status: result.status };
    },
  );

  r.get('/getCallHistory', { summary: "A lead's call history, newest first", guard, query: CallHistoryQuery, errors: [404] }, async (req, { query }) => {
    const history = await leadHistory(deps, userOf(req), query.customer_id);
    return { status: true, history: history.map(toLegacyHistory), message: history.length ? 'History fetched successfully' : 'No history found' };
  });

  r.get('/getTelicallerHeads', { summary: "The company's telecaller heads, to hand an interested lead to", guard }, async (req) => {
    return { status: true, telicallerHeads: await listHeads(deps, userOf(req)) };
  });

  r.post('/getTelecallerNames', { summary: "The names of the company's users, by id", guard, body: NamesBody }, async (req, { body }) => {
    return { status: true, names: await userNames(deps, userOf(req), body.ids) };
  });

  // The original client reads a bare ordered array here.
  r.get(
    '/pendingtellecallerCount',
    { summary: "The dashboard's lead counts", description: `A bare array of counts, in this order: ${COUNT_ORDER.join(', ')}.`, guard, answers: 'counts' },
    async (req) => {
      const { counts } = await getTiles(deps, userOf(req));
      return COUNT_ORDER.map((k) => counts[k] ?? 0);
    },
  );
};
