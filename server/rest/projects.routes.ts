import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../deps.js';
import * as mine from '../services/projects/my-projects.service.js';
import * as company from '../services/projects/company-projects.service.js';
import { myBusiness } from '../services/projects/business.service.js';
import { openBusinessExport } from '../services/projects/business-export.js';
import { BusinessInput, CreateProjectInput, ProjectIdInput, ProjectUpdateInput } from '../../shared/schemas/projects.js';
import { idField } from '../../shared/schemas/users.js';
import { z } from 'zod';
import { parseInput, requireRole, subadminOf, userOf } from './legacy.js';
import { LegacyPaging } from './lead-work.legacy.js';
import { DecisionBody, createFromLegacy, toLegacyDetail, toLegacyProject, toLegacyTotals, toLegacyUpdate, updateFromLegacy } from './projects.legacy.js';

const TelecallerParam = z.object({ id: idField });

/** The original client's projects and payments (spec part 2, section 7), on the same services as the projects router. */
export const projectsRoutes: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const telecaller = { preHandler: requireRole('Telicaller', 'Telicaller-hade') };
  const owner = { preHandler: requireRole('subadmin') };

  app.post('/createProject', telecaller, async (req) => {
    const result = await mine.createProject(deps, userOf(req), parseInput(CreateProjectInput, createFromLegacy(req.body)));
    return { status: true, success: true, message: result.message, project_id: result.id };
  });

  app.get('/projects', telecaller, async (req) => {
    const page = await mine.listMyProjects(deps, userOf(req), { list: 'all', ...parseInput(LegacyPaging, req.query) });
    return { status: true, data: page.items.map(toLegacyProject), total: page.total, message: page.total ? 'Projects fetched successfully' : 'No projects found.' };
  });

  // The telecaller's request; the body's telicaller_id and status are the client's idea: the session decides.
  app.post('/approveProjectUpdate', telecaller, async (req) => {
    const result = await mine.requestProjectUpdate(deps, userOf(req), parseInput(ProjectUpdateInput, updateFromLegacy(req.body)));
    return { status: true, success: true, message: result.message };
  });

  app.get('/business-overview', telecaller, async (req) => {
    const { totals, projects } = await myBusiness(deps, userOf(req), parseInput(LegacyPaging, req.query));
    return { status: true, success: true, data: { totals: toLegacyTotals(totals), projectDetails: projects.items.map(toLegacyDetail), total: projects.total } };
  });

  app.get('/projecttellecallerCount', telecaller, async (req) => {
    const c = await mine.countMyProjects(deps, userOf(req));
    return [c.pending, c.running, c.completed, c.rejected, c.delayed];
  });

  app.get('/getTelecallersWithProjects', owner, async (req) => {
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
  });

  app.get('/projectsByTelecaller/:id', owner, async (req) => {
    const { id } = parseInput(TelecallerParam, req.params);
    const page = await company.listCompanyProjects(deps, subadminOf(req), { list: 'all', telecallerId: id, ...parseInput(LegacyPaging, req.query) });
    return { success: true, projects: page.items.map(toLegacyProject), total: page.total, message: page.total ? 'Projects fetched successfully' : 'No projects found.' };
  });

  for (const move of ['approve', 'reject', 'complete'] as const) {
    app.put(`/projects/:id/${move}`, owner, async (req) => {
      const { id } = parseInput(ProjectIdInput, req.params);
      const result = await company.moveProject(deps, subadminOf(req), id, move);
      return { success: true, status: true, message: result.message, project_status: result.status };
    });
  }

  app.get('/pendingProjectUpdates', owner, async (req) => {
    const page = await company.pendingUpdates(deps, subadminOf(req), parseInput(LegacyPaging, req.query));
    return { success: true, data: page.items.map(toLegacyUpdate), total: page.total, message: page.total ? 'Pending updates fetched successfully' : 'No pending updates.' };
  });

  app.post('/approveProjectUpdateByAdmin', owner, async (req) => {
    const body = parseInput(DecisionBody, req.body);
    const result = await company.decideUpdate(deps, subadminOf(req), { id: body.id, approve: body.approval_status === 'approved' });
    return { success: true, status: true, message: result.message };
  });

  // The company's business view as CSV (a few rows per telecaller and month: one string, not a stream).
  app.get('/projects/business.csv', owner, async (req, reply) => {
    const { fileName, body } = await openBusinessExport(deps, subadminOf(req), parseInput(BusinessInput, req.query));
    return reply.type('text/csv; charset=utf-8').header('Content-Disposition', `attachment; filename="${fileName}"`).send(body);
  });
};
