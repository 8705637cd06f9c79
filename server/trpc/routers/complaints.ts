import { adminProcedure, router, subadminProcedure, userProcedure } from '../trpc.js';
import * as fromUsers from '../../services/complaints/user-complaints.service.js';
import * as complaints from '../../services/complaints/complaints.service.js';
import {
  AdminComplaintsInput,
  CompanyUserComplaintsInput,
  ComplaintIdInput,
  CreateComplaintInput,
  MyComplaintsInput,
  ReplyComplaintInput,
  UserComplaintInput,
} from '../../../shared/schemas/complaints.js';

export const complaintsRouter = router({
  create: subadminProcedure.input(CreateComplaintInput).mutation(({ ctx, input }) => complaints.createComplaint(ctx.deps, ctx.actor, input)),

  mine: subadminProcedure.input(MyComplaintsInput).query(({ ctx, input }) => complaints.listMine(ctx.deps, ctx.actor, input)),

  adminList: adminProcedure.input(AdminComplaintsInput).query(({ ctx, input }) => complaints.listForAdmin(ctx.deps, ctx.actor, input)),

  reply: adminProcedure.input(ReplyComplaintInput).mutation(({ ctx, input }) => complaints.replyToComplaint(ctx.deps, ctx.actor, input)),

  resolve: adminProcedure.input(ComplaintIdInput).mutation(({ ctx, input }) => complaints.resolveComplaint(ctx.deps, ctx.actor, input)),

  // A company's users complain to the company.
  fileAsUser: userProcedure.input(UserComplaintInput).mutation(({ ctx, input }) => fromUsers.createUserComplaint(ctx.deps, ctx.actor, input)),
  mineAsUser: userProcedure.input(MyComplaintsInput).query(({ ctx, input }) => fromUsers.listMyUserComplaints(ctx.deps, ctx.actor, input)),
  fromUsers: subadminProcedure.input(CompanyUserComplaintsInput).query(({ ctx, input }) => fromUsers.listCompanyUserComplaints(ctx.deps, ctx.actor, input)),
  replyToUser: subadminProcedure.input(ReplyComplaintInput).mutation(({ ctx, input }) => fromUsers.replyToUserComplaint(ctx.deps, ctx.actor, input)),
  resolveFromUser: subadminProcedure.input(ComplaintIdInput).mutation(({ ctx, input }) => fromUsers.resolveUserComplaint(ctx.deps, ctx.actor, input)),
});
