import { z } from 'zod';
import { router, telecallerProcedure } from '../trpc.js';
import * as work from '../../services/lead-work/lead-work.service.js';
import { pageLeadQuality } from '../../services/lead-work/quality.service.js';
import { LeadFormInput, NotConnectedInput, OpenLeadInput, QueueInput } from '../../../shared/schemas/lead-work.js';
import { idField } from '../../../shared/schemas/users.js';
import { LeadQualityInput } from '../../../shared/schemas/lead-quality.js';

/** The telecaller's (and head's) lead work: queues, the lead form, attempts, callbacks. */
export const workRouter = router({
  queue: telecallerProcedure.input(QueueInput).query(({ ctx, input }) => work.pageQueue(ctx.deps, ctx.actor, input)),
  /** Process Lead: marks the lead opened ('6') and answers everything the form shows. */
  open: telecallerProcedure.input(OpenLeadInput).mutation(({ ctx, input }) => work.openLead(ctx.deps, ctx.actor, input)),
  submit: telecallerProcedure.input(LeadFormInput).mutation(({ ctx, input }) => work.submitLeadForm(ctx.deps, ctx.actor, input)),
  notConnected: telecallerProcedure.input(NotConnectedInput).mutation(({ ctx, input }) => work.markNotConnected(ctx.deps, ctx.actor, input)),
  history: telecallerProcedure.input(z.object({ leadId: idField })).query(({ ctx, input }) => work.leadHistory(ctx.deps, ctx.actor, input.leadId)),
  heads: telecallerProcedure.query(({ ctx }) => work.listHeads(ctx.deps, ctx.actor)),
  /** Lead quality: rated leads by date and rating, with the count of each rating. */
  quality: telecallerProcedure.input(LeadQualityInput).query(({ ctx, input }) => pageLeadQuality(ctx.deps, ctx.actor, input)),
  reminders: telecallerProcedure.query(({ ctx }) => work.callbackReminders(ctx.deps, ctx.actor)),
});
