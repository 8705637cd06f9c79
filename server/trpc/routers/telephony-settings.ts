import { router, SMALL_INPUT, subadminProcedure } from '../trpc.js';
import * as telephony from '../../services/telephony/settings.service.js';
import { SetCallPhoneInput, TelephonySettingsInput } from '../../../shared/schemas/telephony-settings.js';

/** The company's telephony settings and its people's phones to ring (docs/telephony.md): the sub-admin's. */
export const telephonySettingsRouter = router({
  get: subadminProcedure.query(({ ctx }) => telephony.getTelephonySettings(ctx.deps, ctx.actor)),
  save: subadminProcedure
    .meta(SMALL_INPUT)
    .input(TelephonySettingsInput)
    .mutation(({ ctx, input }) => telephony.saveTelephonySettings(ctx.deps, ctx.actor, input)),
  disable: subadminProcedure.meta(SMALL_INPUT).mutation(({ ctx }) => telephony.disableTelephony(ctx.deps, ctx.actor)),
  callPhones: subadminProcedure.query(({ ctx }) => telephony.listCallPhones(ctx.deps, ctx.actor)),
  setCallPhone: subadminProcedure
    .meta(SMALL_INPUT)
    .input(SetCallPhoneInput)
    .mutation(({ ctx, input }) => telephony.setCallPhone(ctx.deps, ctx.actor, input)),
});
