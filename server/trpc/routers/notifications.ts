import { TRPCError } from '@trpc/server';
import { adminProcedure, authedProcedure, router, subadminProcedure } from '../trpc.js';
import * as notifications from '../../services/notifications/notifications.service.js';
import { MarkReadInput, NotificationPageInput, SendToSubadminsInput, SendToUsersInput, TargetCompaniesInput } from '../../../shared/schemas/notifications.js';

/** Readers of notifications: a sub-admin (the admin's notices) or a user (its company's). */
const readerProcedure = authedProcedure.use(({ ctx, next }) => {
  if (ctx.actor.kind === 'admin') throw new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this.' });
  return next({ ctx: { ...ctx, actor: ctx.actor } });
});

export const notificationsRouter = router({
  sendToSubadmins: adminProcedure.input(SendToSubadminsInput).mutation(({ ctx, input }) => notifications.sendToSubadmins(ctx.deps, ctx.actor, input)),

  sentToSubadmins: adminProcedure.input(NotificationPageInput).query(({ ctx, input }) => notifications.listSentToSubadmins(ctx.deps, ctx.actor, input)),

  targetCompanies: adminProcedure.input(TargetCompaniesInput).query(({ ctx, input }) => notifications.listTargetCompanies(ctx.deps, ctx.actor, input)),

  sendToUsers: subadminProcedure.input(SendToUsersInput).mutation(({ ctx, input }) => notifications.sendToUsers(ctx.deps, ctx.actor, input)),

  sentToUsers: subadminProcedure.input(NotificationPageInput).query(({ ctx, input }) => notifications.listSentToUsers(ctx.deps, ctx.actor, input)),

  inbox: readerProcedure.input(NotificationPageInput).query(({ ctx, input }) => notifications.inbox(ctx.deps, ctx.actor, input)),

  markRead: readerProcedure.input(MarkReadInput).mutation(({ ctx, input }) => notifications.markRead(ctx.deps, ctx.actor, input)),

  bell: authedProcedure.query(({ ctx }) => notifications.bell(ctx.deps, ctx.actor)),
});
