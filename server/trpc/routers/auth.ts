import { authedProcedure, publicProcedure, router, SMALL_INPUT, subadminProcedure, userProcedure } from '../trpc.js';
import * as auth from '../../services/auth/auth.service.js';
import { EmailSignInInput, LoginAsInput, MobileSignInInput } from '../../../shared/schemas/auth.js';
import { SetLanguageInput } from '../../../shared/schemas/language.js';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.actor ? auth.getMe(ctx.deps, ctx.actor) : null)),
  /** Why the session this browser presents no longer works (blocked, expired...), or null: for the sign-in page to say. */
  sessionEnd: publicProcedure.query(({ ctx }) => ({ reason: ctx.actor ? null : ctx.authEndReason })),

  signInAdmin: publicProcedure
    .meta(SMALL_INPUT)
    .input(EmailSignInInput)
    .mutation(async ({ ctx, input }) => {
      const { token, knownDevices, admin } = await auth.signInAdmin(ctx.deps, input, ctx.meta);
      ctx.setSession(token);
      ctx.setKnownDevices(knownDevices);
      return admin;
    }),

  signInSubadmin: publicProcedure
    .meta(SMALL_INPUT)
    .input(EmailSignInInput)
    .mutation(async ({ ctx, input }) => {
      const { token, knownDevices, subadmin } = await auth.signInSubadmin(ctx.deps, input, ctx.meta);
      ctx.setSession(token);
      ctx.setKnownDevices(knownDevices);
      return subadmin;
    }),

  signInUser: publicProcedure
    .meta(SMALL_INPUT)
    .input(MobileSignInInput)
    .mutation(async ({ ctx, input }) => {
      const { token, knownDevices, user } = await auth.signInUser(ctx.deps, input, ctx.meta);
      ctx.setSession(token);
      ctx.setKnownDevices(knownDevices);
      return user;
    }),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await auth.signOut(ctx.deps, ctx.actor);
    ctx.clearSession();
    return { ok: true };
  }),

  loginAs: subadminProcedure
    .meta(SMALL_INPUT)
    .input(LoginAsInput)
    .mutation(async ({ ctx, input }) => {
      const { token, user } = await auth.loginAsUser(ctx.deps, ctx.actor, input.userId, ctx.meta);
      ctx.setSession(token);
      return user;
    }),

  setLanguage: userProcedure
    .meta(SMALL_INPUT)
    .input(SetLanguageInput)
    .mutation(({ ctx, input }) => auth.setLanguage(ctx.deps, ctx.actor, input)),

  returnToSubadmin: userProcedure.mutation(async ({ ctx }) => {
    const { token } = await auth.returnToSubadmin(ctx.deps, ctx.actor, ctx.meta);
    ctx.setSession(token);
    return { ok: true };
  }),
});
