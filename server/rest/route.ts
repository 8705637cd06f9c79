import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UploadKind } from '../services/uploads/uploads.service.js';
import { parseInput, type RoleGuard } from './legacy.js';

/** A file part of a multipart form, and the message when a required one is missing (null: optional). */
export interface FilePart<K extends string = UploadKind | 'csv'> {
  kind: K;
  required: string | null;
}

/** A multipart form: its text fields as one schema, its files by field name. */
export interface FormSpec<S extends z.ZodType = z.ZodType, K extends string = UploadKind | 'csv'> {
  schema: S;
  files: Record<string, FilePart<K>>;
}

/** What a success answers: a JSON object (200, or 201 for a creation), a CSV file, a bare array of counts, a page, or the OpenAPI document. */
export type Answer = 'json' | 'created' | 'csv' | 'counts' | 'html' | 'document';

/** A legacy route as the API's documentation reads it (the route's config.doc). */
export interface RouteDoc {
  tag: string;
  summary: string;
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  form?: FormSpec;
  answers?: Answer;
  /** failure statuses beyond those its inputs and guard imply (400, 401, 403, 404 for a path id) */
  errors?: number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}

type Schema = z.ZodType | undefined;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

export interface Declaration<P extends Schema, Q extends Schema, B extends Schema, F extends FormSpec | undefined>
  extends Omit<RouteDoc, 'tag' | 'params' | 'query' | 'body' | 'form'> {
  /** who may call it (requireRole); absent: public */
  guard?: RoleGuard;
  /** the most its body may be (SMALL_BODY_LIMIT for a few short fields); absent: the app's limit */
  bodyLimit?: number;
  params?: P;
  query?: Q;
  body?: B;
  form?: F;
}

/** The request's inputs, each validated by the schema the route declares; the form is read by the handler as it streams. */
export interface Input<P, Q, B, F> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
  form: F;
}

type Handler<P, Q, B, F> = (req: FastifyRequest, input: Input<P, Q, B, F>, reply: FastifyReply) => unknown;

const parsed = <S extends Schema>(schema: S, data: unknown) => (schema ? parseInput(schema, data) : undefined) as Parsed<S>;

/**
 * Declares the legacy routes of one domain (one tag of the documentation). A route names the schemas
 * of its path, query and body; they are what validates its input (path, then query, then body, before
 * the handler runs) and what the OpenAPI document is built from, so the two cannot differ.
 */
export function legacyRoutes(app: FastifyInstance, tag: string) {
  const add =
    (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
    <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined, F extends FormSpec | undefined = undefined>(
      url: string,
      declaration: Declaration<P, Q, B, F>,
      handler: Handler<P, Q, B, F>,
    ) => {
      const { guard, bodyLimit, ...doc } = declaration;
      app.route({
        method,
        url,
        ...(guard ? { preHandler: guard } : {}),
        ...(bodyLimit ? { bodyLimit } : {}),
        config: { doc: { tag, ...doc } },
        handler: async (req, reply) => {
          const params = parsed(declaration.params as P, req.params);
          const query = parsed(declaration.query as Q, req.query);
          const body = parsed(declaration.body as B, req.body);
          return handler(req, { params, query, body, form: declaration.form as F }, reply);
        },
      });
    };
  return { get: add('GET'), post: add('POST'), put: add('PUT'), patch: add('PATCH'), delete: add('DELETE') };
}

/** How a body schema that zod cannot describe by itself is documented. */
interface Documented {
  doc: z.ZodType;
  /** for a renamed body: the renaming, whose reads the documented fields must match */
  map?: (raw: unknown) => unknown;
}
const documented = new WeakMap<z.ZodType, Documented>();

/** The schema the documentation shows for `schema`: itself, unless it was made by mappedBody or chosenBody. */
export const documentationOf = (schema: z.ZodType): Documented => documented.get(schema) ?? { doc: schema };

/**
 * A legacy body the server renames onto a shared schema: validated as `map` then `target`, exactly as
 * the handler did by hand; documented as the legacy fields the original client sends, each with the
 * schema of the field it becomes.
 */
export function mappedBody<T extends z.ZodType>(fields: z.ZodRawShape, map: (raw: unknown) => unknown, target: T) {
  const schema = z.unknown().transform(map).pipe(target);
  documented.set(schema, { doc: z.object(fields), map });
  return schema;
}

/** Parses `raw` with `schema` inside a transform, passing its issues on unchanged (their order and messages). */
export function validateWithin<S extends z.ZodType>(schema: S, raw: unknown, ctx: z.RefinementCtx): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  for (const issue of result.error.issues) ctx.addIssue({ ...issue });
  return z.NEVER;
}

type Chosen<O extends Record<string, z.ZodType>> = { [K in keyof O]: { kind: K; value: z.output<O[K]> } }[keyof O];

/**
 * A body that is one of several, told apart by `choose` (not by trying each): validated by the chosen
 * schema alone, so its messages are that schema's; documented as any of them.
 */
export function chosenBody<O extends Record<string, z.ZodType>>(choose: (raw: unknown) => keyof O & string, options: O) {
  const schema = z.unknown().transform((raw, ctx) => {
    const kind = choose(raw);
    return { kind, value: validateWithin(options[kind]!, raw, ctx) } as Chosen<O>;
  });
  documented.set(schema, { doc: z.union(Object.values(options) as [z.ZodType, z.ZodType]) });
  return schema;
}
