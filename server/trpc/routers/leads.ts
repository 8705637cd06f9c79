import { router, subadminProcedure } from '../trpc.js';
import * as lists from '../../services/leads/lists.service.js';
import { ByTelecallerInput, OfTelecallerInput, UploadedLeadsInput } from '../../../shared/schemas/lead-lists.js';

export const leadsRouter = router({
  /** Telecallers and heads holding leads of one list (pending, interested, ...), with counts. */
  byTelecaller: subadminProcedure.input(ByTelecallerInput).query(({ ctx, input }) => lists.pageTelecallerCounts(ctx.deps, ctx.actor, input)),

  /** One telecaller's leads of one list, searched and paged. */
  ofTelecaller: subadminProcedure.input(OfTelecallerInput).query(({ ctx, input }) => lists.pageLeadsOfTelecaller(ctx.deps, ctx.actor, input)),

  /** The company's uploaded leads with their assignee, filtered and paged. */
  uploaded: subadminProcedure.input(UploadedLeadsInput).query(({ ctx, input }) => lists.pageUploadedLeads(ctx.deps, ctx.actor, input)),

  /** The categories of the company's leads, with counts, for filters. */
  categories: subadminProcedure.query(({ ctx }) => lists.listCategories(ctx.deps, ctx.actor)),
});
