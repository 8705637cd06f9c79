import { router, SMALL_INPUT, subadminProcedure } from '../trpc.js';
import * as settings from '../../services/settings/settings.service.js';
import * as leadWork from '../../services/settings/lead-work-settings.service.js';
import { IndiamartInput } from '../../../shared/schemas/settings.js';
import { LeadWorkSettingsInput } from '../../../shared/schemas/lead-work.js';

export const settingsRouter = router({
  getIndiamart: subadminProcedure.query(({ ctx }) => settings.getIndiamart(ctx.deps, ctx.actor)),
  saveIndiamart: subadminProcedure
    .meta(SMALL_INPUT)
    .input(IndiamartInput)
    .mutation(({ ctx, input }) => settings.saveIndiamart(ctx.deps, ctx.actor, input)),
  /** The company's lead-work rules: retry delay, attempt limit, WhatsApp message. */
  getLeadWork: subadminProcedure.query(({ ctx }) => leadWork.getLeadWorkSettings(ctx.deps, ctx.actor)),
  saveLeadWork: subadminProcedure
    .meta(SMALL_INPUT)
    .input(LeadWorkSettingsInput)
    .mutation(({ ctx, input }) => leadWork.saveLeadWorkSettings(ctx.deps, ctx.actor, input)),
});
