import { initTRPC, TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import type { Context } from './context.js';
import { AppError, DATABASE_UNAVAILABLE, isDatabaseUnavailable } from '../errors.js';
import type { AdminActor, SubadminActor, UserActor } from '../auth/actor.js';
import type { UserType } from '../db/schema.js';
import { storableInput } from '../../shared/storable-text.js';
import { SMALL_BODY_LIMIT } from '../http/body-limits.js';

/** What a procedure may declare about itself beyond its input: the most its request's body may be. */
export interface ProcedureMeta {
  bodyLimit?: number;
}

/** For a procedure whose input is a few short fields (sign-in, a settings form): docs/architecture.md#body-limits. */
export const SMALL_INPUT: ProcedureMeta = { bodyLimit: SMALL_BODY_LIMIT };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    isDev: false,
    errorFormatter({ shape, error }) {
      const cause = error.cause;
      let message = shape.message;
      let fieldErrors: Record<string, string> | undefined;
      if (cause instanceof ZodError) {
        message = cause.issues[0]?.message ?? 'Invalid input.';
        fieldErrors = Object.fromEntries(cause.issues.map((i) => [i.path.join('.'), i.message]));
      } else if (cause instanceof AppError) {
        fieldErrors = cause.fieldErrors;
      } else if (error.code === 'INTERNAL_SERVER_ERROR') {
        message = 'Something went wrong. Please try again.';
      }
      return { message, code: shape.code, data: { code: shape.data.code, httpStatus: shape.data.httpStatus, fieldErrors } };
    },
  });

export const router = t.router;

/*
 * Each middleware layer costs every request tRPC's copies of its options and context (a property
 * defined at a time), so a procedure has two: the base below, and one that checks the caller. The
 * context a layer adds is only what it changes; tRPC merges it into the rest.
 */

/**
 * Every procedure's input with its text made storable (no NUL, no lone surrogate) before its schema
 * reads it; the services' AppError turned into the matching tRPC error, anything else kept internal.
 */
const base = t.middleware(async ({ next, getRawInput }) => {
  const result = await next({ getRawInput: async () => storableInput(await getRawInput()) });
  if (!result.ok && result.error.cause instanceof AppError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: cause.code as TRPC_ERROR_CODE_KEY, message: cause.message, cause });
  }
  if (!result.ok && isDatabaseUnavailable(result.error.cause)) {
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: DATABASE_UNAVAILABLE, cause: result.error.cause });
  }
  return result;
});

export const publicProcedure = t.procedure.use(base);

/** The signed-in caller, or the refusal a caller who is not signed in gets. */
function signedIn(ctx: Context) {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Please sign in.' });
  return ctx.actor;
}

const forbidden = () => new TRPCError({ code: 'FORBIDDEN', message: 'You do not have access to this.' });

export const authedProcedure = publicProcedure.use(({ ctx, next }) => next({ ctx: { actor: signedIn(ctx) } }));

export const adminProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = signedIn(ctx);
  if (actor.kind !== 'admin') throw forbidden();
  return next({ ctx: { actor: actor as AdminActor } });
});

export const subadminProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = signedIn(ctx);
  if (actor.kind !== 'subadmin') throw forbidden();
  return next({ ctx: { actor: actor as SubadminActor } });
});

/** Any signed-in user of a company (telecaller, head or developer). */
export const userProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = signedIn(ctx);
  if (actor.kind !== 'user') throw forbidden();
  return next({ ctx: { actor: actor as UserActor } });
});

export function userTypeProcedure(...types: UserType[]) {
  return publicProcedure.use(({ ctx, next }) => {
    const actor = signedIn(ctx);
    if (actor.kind !== 'user' || !types.includes(actor.userType)) throw forbidden();
    return next({ ctx: { actor: actor as UserActor } });
  });
}

export const telecallerProcedure = userTypeProcedure('Telicaller', 'Telicaller-hade');
export const developerProcedure = userTypeProcedure('Developer');

/** A company's sub-admin, or one of its telecallers or heads: the readers of the company's lists (products, banners). */
export const companyReaderProcedure = publicProcedure.use(({ ctx, next }) => {
  const a = signedIn(ctx);
  if (a.kind === 'subadmin' || (a.kind === 'user' && (a.userType === 'Telicaller' || a.userType === 'Telicaller-hade'))) {
    return next({ ctx: { actor: a, subadminId: a.subadminId } });
  }
  throw forbidden();
});
