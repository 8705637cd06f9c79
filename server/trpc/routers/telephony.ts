import { router, telecallerProcedure } from '../trpc.js';
import { callState, phoneTelephony, placeCall } from '../../services/telephony/calls.service.js';
import { CallStateInput, PlaceCallInput } from '../../../shared/telephony.js';

/** Calls through the company's provider, from the telecaller's (or head's) phone (docs/telephony.md). */
export const telephonyRouter = router({
  /** whether Call goes through the provider, and the power dialer's countdown */
  forPhone: telecallerProcedure.query(({ ctx }) => phoneTelephony(ctx.deps, ctx.actor)),
  placeCall: telecallerProcedure.input(PlaceCallInput).mutation(({ ctx, input }) => placeCall(ctx.deps, ctx.actor, input)),
  callState: telecallerProcedure.input(CallStateInput).query(({ ctx, input }) => callState(ctx.deps, ctx.actor, input.callId)),
});
