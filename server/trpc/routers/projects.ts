import { router, subadminProcedure, telecallerProcedure } from '../trpc.js';
import * as mine from '../../services/projects/my-projects.service.js';
import * as company from '../../services/projects/company-projects.service.js';
import { companyBusiness, myBusiness } from '../../services/projects/business.service.js';
import { PageInput } from '../../../shared/schemas/paging.js';
import {
  BusinessInput,
  CompanyProjectsInput,
  CreateProjectInput,
  DecideUpdateInput,
  MyProjectsInput,
  ProjectIdInput,
  ProjectUpdateInput,
  RejectProjectInput,
} from '../../../shared/schemas/projects.js';

const Paging = PageInput.omit({ search: true });

/** Projects sold to clients: the telecaller's (and head's) own, and the company's decisions on them. */
export const projectsRouter = router({
  create: telecallerProcedure.input(CreateProjectInput).mutation(({ ctx, input }) => mine.createProject(ctx.deps, ctx.actor, input)),
  mine: telecallerProcedure.input(MyProjectsInput).query(({ ctx, input }) => mine.listMyProjects(ctx.deps, ctx.actor, input)),
  myDetail: telecallerProcedure.input(ProjectIdInput).query(({ ctx, input }) => mine.projectDetail(ctx.deps, ctx.actor.subadminId, input.id, ctx.actor.id)),
  requestUpdate: telecallerProcedure.input(ProjectUpdateInput).mutation(({ ctx, input }) => mine.requestProjectUpdate(ctx.deps, ctx.actor, input)),
  myBusiness: telecallerProcedure.input(Paging).query(({ ctx, input }) => myBusiness(ctx.deps, ctx.actor, input)),

  telecallers: subadminProcedure.query(({ ctx }) => company.telecallersWithProjects(ctx.deps, ctx.actor)),
  list: subadminProcedure.input(CompanyProjectsInput).query(({ ctx, input }) => company.listCompanyProjects(ctx.deps, ctx.actor, input)),
  detail: subadminProcedure.input(ProjectIdInput).query(({ ctx, input }) => mine.projectDetail(ctx.deps, ctx.actor.subadminId, input.id)),
  approve: subadminProcedure.input(ProjectIdInput).mutation(({ ctx, input }) => company.moveProject(ctx.deps, ctx.actor, input.id, 'approve')),
  reject: subadminProcedure.input(RejectProjectInput).mutation(({ ctx, input }) => company.moveProject(ctx.deps, ctx.actor, input.id, 'reject', input)),
  complete: subadminProcedure.input(ProjectIdInput).mutation(({ ctx, input }) => company.moveProject(ctx.deps, ctx.actor, input.id, 'complete')),
  pendingUpdates: subadminProcedure.input(Paging).query(({ ctx, input }) => company.pendingUpdates(ctx.deps, ctx.actor, input)),
  decideUpdate: subadminProcedure.input(DecideUpdateInput).mutation(({ ctx, input }) => company.decideUpdate(ctx.deps, ctx.actor, input)),
  business: subadminProcedure.input(BusinessInput).query(({ ctx, input }) => companyBusiness(ctx.deps, ctx.actor, input)),
});
