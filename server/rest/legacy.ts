import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../errors.js';
import type { Actor, AdminActor, SubadminActor, UserActor } from '../auth/actor.js';
import type { UserType } from '../db/schema.js';
import { storableInput } from '../../shared/storable-text.js';

/** The legacy API's failure body: the original client reads status, success and message. */
export const failure = (message: string) => ({ status: false, success: false, message });

export type Role = 'admin' | 'subadmin' | 'user' | UserType;

function allows(actor: Actor, roles: Role[]): boolean {
  return roles.some((r) => (r === 'admin' || r === 'subadmin' || r === 'user' ? actor.kind === r : actor.kind === 'user' && actor.userType === r));
}

/** A preHandler that lets only some roles through; it names them, for the API's documentation to read. */
export type RoleGuard = preHandlerAsyncHookHandler & { readonly roles: readonly Role[] };

/** preHandler: 401 without a working session, 403 for a role not listed. */
export function requireRole(...roles: Role[]): RoleGuard {
  const guard = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!req.actor) return reply.code(401).send(failure(req.authError ?? 'You are not authenticated. Please log in.'));
    if (!allows(req.actor, roles)) return reply.code(403).send(failure('You do not have access to this.'));
  };
  return Object.assign(guard, { roles: Object.freeze([...roles]) });
}

/** Validates a body, query or params with a shared schema; the first problem becomes the message. */
export function parseInput<S extends z.ZodType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(storableInput(data ?? {}));
  if (!result.success) {
    const fieldErrors = Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    throw new AppError('BAD_REQUEST', result.error.issues[0]?.message ?? 'Invalid input.', fieldErrors);
  }
  return result.data;
}

// After requireRole has run these narrowings hold; they only restate it for the type checker.
export const adminOf = (req: FastifyRequest) => req.actor as AdminActor;
export const subadminOf = (req: FastifyRequest) => req.actor as SubadminActor;
export const userOf = (req: FastifyRequest) => req.actor as UserActor;
/** The company of a sub-admin or one of its users (after requireRole has excluded the platform admin). */
export const companyOf = (req: FastifyRequest) => (req.actor as SubadminActor | UserActor).subadminId;
