import { adminProcedure, router, subadminProcedure } from '../trpc.js';
import * as complaints from '../../services/complaints/complaints.service.js';
import {
  AdminComplaintsInput,
  ComplaintIdInput,
  CreateComplaintInput,
  MyComplaintsInput,
  ReplyComplaintInput,
} from '../../../shared/schemas/complaints.js';

export const complaintsRouter = router({
  create: subadminProcedure.input(CreateComplaintInput).mutation(({ ctx, input }) =>
    complaints.createComplaint(ctx.deps, ctx.actor, input)),

  mine: subadminProcedure.input(MyComplaintsInput).query(({ ctx, input }) =>
    complaints.listMine(ctx.deps, ctx.actor, input)),

  adminList: adminProcedure.input(AdminComplaintsInput).query(({ ctx, input }) =>
    complaints.listForAdmin(ctx.deps, ctx.actor, input)),

  reply: adminProcedure.input(ReplyComplaintInput).mutation(({ ctx, input }) =>
    complaints.replyToComplaint(ctx.deps, ctx.actor, input)),

  resolve: adminProcedure.input(ComplaintIdInput).mutation(({ ctx, input }) =>
    complaints.resolveComplaint(ctx.deps, ctx.actor, input)),
});
