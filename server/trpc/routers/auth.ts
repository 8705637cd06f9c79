import { authedProcedure, publicProcedure, router, subadminProcedure, userProcedure } from '../trpc.js';
import * as auth from '../../services/auth/auth.service.js';
import { EmailSignInInput, LoginAsInput, MobileSignInInput } from '../../../shared/schemas/auth.js';
import { SetLanguageInput } from '../../../shared/schemas/language.js';

export const authRouter = router({
  me: publicProcedure.query(({ ctx }) => (ctx.actor ? auth.getMe(ctx.deps, ctx.actor) : null)),
  /** Why the session this browser presents no longer works (blocked, expired...), or null: for the sign-in page to say. */
  sessionEnd: publicProcedure.query(({ ctx }) => ({ reason: ctx.actor ? null : ctx.authEndReason })),

  signInAdmin: publicProcedure.input(EmailSignInInput).mutation(async ({ ctx, input }) => {
    const { token, knownDevices, admin } = await auth.signInAdmin(ctx.deps, input, ctx.meta);
    ctx.setSession(token);
    ctx.setKnownDevices(knownDevices);
    return admin;
  }),

  signInSubadmin: publicProcedure.input(EmailSignInInput).mutation(async ({ ctx, input }) => {
    const { token, knownDevices, subadmin } = await auth.signInSubadmin(ctx.deps, input, ctx.meta);
    ctx.setSession(token);
    ctx.setKnownDevices(knownDevices);
    return subadmin;
  }),

  signInUser: publicProcedure.input(MobileSignInInput).mutation(async ({ ctx, input }) => {
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

  loginAs: subadminProcedure.input(LoginAsInput).mutation(async ({ ctx, input }) => {
    const { token, user } = await auth.loginAsUser(ctx.deps, ctx.actor, input.userId, ctx.meta);
    ctx.setSession(token);
    return user;
  }),

  setLanguage: userProcedure.input(SetLanguageInput).mutation(({ ctx, input }) => auth.setLanguage(ctx.deps, ctx.actor, input)),

  returnToSubadmin: userProcedure.mutation(async ({ ctx }) => {
    const { token } = await auth.returnToSubadmin(ctx.deps, ctx.actor, ctx.meta);
    ctx.setSession(token);
    return { ok: true };
  }),
});
