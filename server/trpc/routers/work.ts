import { z } from 'zod';
import { router, telecallerProcedure } from '../trpc.js';
import { pageQueue } from '../../services/lead-work/queues.service.js';
import { markNotConnected, openLead, submitLeadForm } from '../../services/lead-work/submission.service.js';
import { leadHistory } from '../../services/lead-work/history.service.js';
import { listHeads } from '../../services/lead-work/colleagues.service.js';
import { callbackReminders } from '../../services/lead-work/reminders.service.js';
import { pageLeadQuality } from '../../services/lead-work/quality.service.js';
import { LeadFormInput, NotConnectedInput, OpenLeadInput, QueueInput } from '../../../shared/schemas/lead-work.js';
import { idField } from '../../../shared/schemas/users.js';
import { LeadQualityInput } from '../../../shared/schemas/lead-quality.js';

/** The telecaller's (and head's) lead work: queues, the lead form, attempts, callbacks. */
export const workRouter = router({
  queue: telecallerProcedure.input(QueueInput).query(({ ctx, input }) => pageQueue(ctx.deps, ctx.actor, input)),
  /** Process Lead: marks the lead opened ('6') and answers everything the form shows. */
  open: telecallerProcedure.input(OpenLeadInput).mutation(({ ctx, input }) => openLead(ctx.deps, ctx.actor, input)),
  submit: telecallerProcedure.input(LeadFormInput).mutation(({ ctx, input }) => submitLeadForm(ctx.deps, ctx.actor, input)),
  notConnected: telecallerProcedure.input(NotConnectedInput).mutation(({ ctx, input }) => markNotConnected(ctx.deps, ctx.actor, input)),
  history: telecallerProcedure.input(z.object({ leadId: idField })).query(({ ctx, input }) => leadHistory(ctx.deps, ctx.actor, input.leadId)),
  heads: telecallerProcedure.query(({ ctx }) => listHeads(ctx.deps, ctx.actor)),
  /** Lead quality: rated leads by date and rating, with the count of each rating. */
  quality: telecallerProcedure.input(LeadQualityInput).query(({ ctx, input }) => pageLeadQuality(ctx.deps, ctx.actor, input)),
  reminders: telecallerProcedure.query(({ ctx }) => callbackReminders(ctx.deps, ctx.actor)),
});
