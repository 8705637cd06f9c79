import { router, SMALL_INPUT, subadminProcedure } from '../trpc.js';
import * as profile from '../../services/profile/profile.service.js';
import { ProfileUpdateInput } from '../../../shared/schemas/profile.js';

export const profileRouter = router({
  get: subadminProcedure.query(({ ctx }) => profile.getProfile(ctx.deps, ctx.actor)),
  update: subadminProcedure
    .meta(SMALL_INPUT)
    .input(ProfileUpdateInput)
    .mutation(({ ctx, input }) => profile.updateProfile(ctx.deps, ctx.actor, input)),
});
