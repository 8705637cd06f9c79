import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import * as work from '../services/lead-work/lead-work.service.js';
import { getTiles } from '../services/dashboard/dashboard.service.js';
import { LEAD_STATUS } from '../../shared/constants.js';
import { LeadFormInput, type Queue } from '../../shared/schemas/lead-work.js';
import { failure, parseInput, requireRole, userOf } from './legacy.js';
import {
  CallHistoryQuery, LegacyPaging, NamesBody, UpdateStatusBody, leadFormFromLegacy, toLegacyAssignedLead, toLegacyCallback,
  toLegacyHistory, toLegacyLead,
} from './lead-work.legacy.js';

/** The dashboard's lead counts in the order pendingtellecallerCount answers them (spec part 2, section 7). */
const COUNT_ORDER = ['newLeads', 'pendingLeads', 'interestedLeads', 'notInterestedLeads', 'followUpLeads', 'invalidLeads', 'noSubmitLeads'] as const;

/** The original client's lead work (spec part 2, section 7), on the same services as the work router. */
export const leadWorkRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const telecaller = { preHandler: requireRole('Telicaller', 'Telicaller-hade') };
  const head = { preHandler: requireRole('Telicaller-hade') };

  const queuePage = (req: FastifyRequest, queue: Queue) =>
    work.pageQueue(deps, userOf(req), { queue, ...parseInput(LegacyPaging, req.query) });

  app.get('/getLeads', telecaller, async (req) => {
    const page = await queuePage(req, 'new');
    return { status: true, leads: page.items.map(toLegacyLead), total: page.total, message: page.total ? 'Leads fetched successfully' : 'No leads found' };
  });

  app.get('/getLeadsPending', telecaller, async (req) => {
    const page = await queuePage(req, 'pending');
    return {
      status: true, leads: page.items.map(toLegacyLead), total: page.total,
      message: page.total ? 'Pending leads fetched successfully' : 'No pending leads found',
    };
  });

  app.get('/getLeadsALL', telecaller, async (req) => {
    const page = await work.pageAssignedLeads(deps, userOf(req), parseInput(LegacyPaging, req.query));
    return { status: true, leads: page.items.map(toLegacyLead), total: page.total };
  });

  app.get('/getCallbacks', telecaller, async (req) => {
    const page = await queuePage(req, 'callback');
    return {
      status: true, callbacks: page.items.map(toLegacyCallback), total: page.total,
      message: page.total ? 'Callbacks fetched successfully' : 'No callbacks scheduled for today',
    };
  });

  app.get('/getAssignedLeadsForHandler', head, async (req) => {
    const page = await queuePage(req, 'junior');
    return {
      status: true, leads: page.items.map(toLegacyAssignedLead), total: page.total,
      message: page.total ? 'Assigned leads fetched successfully' : 'No assigned leads found',
    };
  });

  // telicaller_id in the body is the client's own idea of who it is: the session decides.
  app.post('/update-status', telecaller, async (req, reply) => {
    const body = parseInput(UpdateStatusBody, req.body);
    const status = body.status == null ? '' : String(body.status).trim();
    const change = status === LEAD_STATUS.noSubmit
      ? { open: true as const }
      : {
          form: parseInput(LeadFormInput, leadFormFromLegacy({
            customer_id: body.lead_ids[0], status, feedback: body.feedback, call_duration: body.call_duration,
          })),
        };
    const result = await work.updateLeadStatuses(deps, userOf(req), body.lead_ids, change);
    if (result.updated.length === 0) return reply.code(404).send(failure('Lead not found.'));
    return { status: true, success: true, message: 'Lead status updated successfully!', updated: result.updated, not_found: result.notFound };
  });

  app.post('/submitLeadForm', telecaller, async (req) => {
    const form = parseInput(LeadFormInput, leadFormFromLegacy(req.body));
    const result = await work.submitLeadForm(deps, userOf(req), form);
    return { status: true, success: true, message: 'Form submitted successfully', lead_status: result.status };
  });

  app.get('/getCallHistory', telecaller, async (req) => {
    const { customer_id } = parseInput(CallHistoryQuery, req.query);
    const history = await work.leadHistory(deps, userOf(req), customer_id);
    return { status: true, history: history.map(toLegacyHistory), message: history.length ? 'History fetched successfully' : 'No history found' };
  });

  app.get('/getTelicallerHeads', telecaller, async (req) => {
    return { status: true, telicallerHeads: await work.listHeads(deps, userOf(req)) };
  });

  app.post('/getTelecallerNames', telecaller, async (req) => {
    const { ids } = parseInput(NamesBody, req.body);
    return { status: true, names: await work.userNames(deps, userOf(req), ids) };
  });

  // The original client reads a bare ordered array here.
  app.get('/pendingtellecallerCount', telecaller, async (req) => {
    const { counts } = await getTiles(deps, userOf(req));
    return COUNT_ORDER.map((k) => counts[k] ?? 0);
  });
};
