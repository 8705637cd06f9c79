import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as mine from '../services/projects/my-projects.service.js';
import * as company from '../services/projects/company-projects.service.js';
import { myBusiness } from '../services/projects/business.service.js';
import { openBusinessExport } from '../services/projects/business-export.js';
import { BusinessInput, ProjectIdInput } from '../../shared/schemas/projects.js';
import { idField } from '../../shared/schemas/users.js';
import { z } from 'zod';
import { requireRole, subadminOf, userOf } from './legacy.js';
import { legacyRoutes } from './route.js';
import { LegacyPaging } from './lead-work.legacy.js';
import { CreateProjectBody, DecisionBody, ProjectUpdateBody, toLegacyDetail, toLegacyProject, toLegacyTotals, toLegacyUpdate } from './projects.legacy.js';

const TelecallerParam = z.object({ id: idField });

/** The original client's projects and payments, on the same services as the projects router. */
export const projectsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const r = legacyRoutes(app, 'Projects');
  const telecaller = requireRole('Telicaller', 'Telicaller-hade');
  const owner = requireRole('subadmin');

  r.post(
    '/createProject',
    { summary: 'Create a project sold to a client (pending until the sub-admin approves it)', guard: telecaller, body: CreateProjectBody, errors: [404] },
    async (req, { body }) => {
      const result = await mine.createProject(deps, userOf(req), body);
      return { status: true, success: true, message: result.message, project_id: result.id };
    },
  );

  r.get('/projects', { summary: "The caller's projects", guard: telecaller, query: LegacyPaging }, async (req, { query }) => {
    const page = await mine.listMyProjects(deps, userOf(req), { list: 'all', ...query });
    return {
      status: true,
      data: page.items.map(toLegacyProject),
      total: page.total,
      message: page.total ? 'Projects fetched successfully' : 'No projects found.',
    };
  });

  // The telecaller's request; the body's telicaller_id and status are the client's idea: the session decides.
  r.post(
    '/approveProjectUpdate',
    {
      summary: "Ask for a running project's payment details to be updated",
      description:
        "The values wait for the sub-admin's decision (approveProjectUpdateByAdmin). The original client also sends telicaller_id and status: they are ignored.",
      guard: telecaller,
      body: ProjectUpdateBody,
      errors: [404, 409],
    },
    async (req, { body }) => {
      const result = await mine.requestProjectUpdate(deps, userOf(req), body);
      return { status: true, success: true, message: result.message };
    },
  );

  r.get('/business-overview', { summary: "The caller's business: totals and each project", guard: telecaller, query: LegacyPaging }, async (req, { query }) => {
    const { totals, projects } = await myBusiness(deps, userOf(req), query);
    return { status: true, success: true, data: { totals: toLegacyTotals(totals), projectDetails: projects.items.map(toLegacyDetail), total: projects.total } };
  });

  r.get(
    '/projecttellecallerCount',
    {
      summary: "The dashboard's project counts",
      description: 'A bare array of counts, in this order: pending, running, completed, rejected, delayed.',
      guard: telecaller,
      answers: 'counts',
    },
    async (req) => {
      const c = await mine.countMyProjects(deps, userOf(req));
      return [c.pending, c.running, c.completed, c.rejected, c.delayed];
    },
  );

  r.get(
    '/getTelecallersWithProjects',
    { summary: "The company's telecallers with projects, each with its projects waiting for approval", guard: owner },
    async (req) => {
      const actor = subadminOf(req);
      const people = await company.telecallersWithProjects(deps, actor);
      // Each with its projects waiting for approval: what the approval screen opens.
      const pending = await company.listCompanyProjects(deps, actor, { list: 'pending', page: 1, pageSize: 1000 });
      const byPerson = new Map<number, typeof pending.items>();
      for (const p of pending.items) byPerson.set(p.telicaller_id, [...(byPerson.get(p.telicaller_id) ?? []), p]);
      return {
        success: true,
        data: people.map((p) => ({ ...p, projects: (byPerson.get(p.telicaller_id) ?? []).map(toLegacyProject) })),
        message: people.length ? 'Telecallers fetched successfully' : 'No telecallers found.',
      };
    },
  );

  r.get(
    '/projectsByTelecaller/:id',
    { summary: "One telecaller's projects", guard: owner, params: TelecallerParam, query: LegacyPaging },
    async (req, { params, query }) => {
      const page = await company.listCompanyProjects(deps, subadminOf(req), { list: 'all', telecallerId: params.id, ...query });
      return {
        success: true,
        projects: page.items.map(toLegacyProject),
        total: page.total,
        message: page.total ? 'Projects fetched successfully' : 'No projects found.',
      };
    },
  );

  const MOVES = {
    approve: 'Approve a project waiting for approval (it runs)',
    reject: 'Reject a project waiting for approval',
    complete: 'Mark a running project completed',
  } as const;
  for (const move of ['approve', 'reject', 'complete'] as const) {
    r.put(`/projects/:id/${move}`, { summary: MOVES[move], guard: owner, params: ProjectIdInput, errors: [409] }, async (req, { params }) => {
      const result = await company.moveProject(deps, subadminOf(req), params.id, move);
      return { success: true, status: true, message: result.message, project_status: result.status };
    });
  }

  r.get('/pendingProjectUpdates', { summary: 'Payment updates waiting for a decision', guard: owner, query: LegacyPaging }, async (req, { query }) => {
    const page = await company.pendingUpdates(deps, subadminOf(req), query);
    return {
      success: true,
      data: page.items.map(toLegacyUpdate),
      total: page.total,
      message: page.total ? 'Pending updates fetched successfully' : 'No pending updates.',
    };
  });

  r.post(
    '/approveProjectUpdateByAdmin',
    {
      summary: 'Approve or reject a payment update',
      description:
        'Approval applies the proposed values; either way the project returns to its previous status. Project fields sent beside id and approval_status are ignored.',
      guard: owner,
      body: DecisionBody,
      errors: [404, 409],
    },
    async (req, { body }) => {
      const result = await company.decideUpdate(deps, subadminOf(req), { id: body.id, approve: body.approval_status === 'approved' });
      return { success: true, status: true, message: result.message };
    },
  );

  // The company's business view as CSV (a few rows per telecaller and month: one string, not a stream).
  r.get(
    '/projects/business.csv',
    { summary: "The company's business by telecaller and month, as a CSV file", guard: owner, query: BusinessInput, answers: 'csv' },
    async (req, { query }, reply) => {
      const { fileName, body } = await openBusinessExport(deps, subadminOf(req), query);
      return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
    },
  );
};
