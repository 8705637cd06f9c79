import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import { SESSION_COOKIE, USER_TYPES } from '../../shared/constants.js';
import { acceptedTypes, sizeText, type UploadKind } from '../services/uploads/uploads.service.js';
import type { Role, RoleGuard } from './legacy.js';
import { documentationOf, type FormSpec, type RouteDoc } from './route.js';

// The OpenAPI 3.0 document of the legacy API, built from the routes as the legacy plugin registered
// them: each route's declared schemas (the ones that validate its input, see route.ts) and its guard's roles.

export interface JsonSchema {
  [key: string]: unknown;
  description?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

export interface MediaType {
  schema: JsonSchema;
  encoding?: Record<string, { contentType: string }>;
}

export type Response = { $ref: string } | { description: string; content?: Record<string, MediaType> };

export interface Operation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  'x-roles': string[];
  /** where an operation outside the legacy API lives (the lead capture API) */
  servers?: { url: string }[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: boolean; content: Record<string, MediaType> };
  responses: Record<string, Response>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  security: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, { description: string; content: Record<string, MediaType> }>;
    securitySchemes: Record<string, Record<string, string>>;
  };
}

export type FileKind = UploadKind | 'csv';

export interface DocumentSource {
  /** every route the legacy plugin registered, as its onRoute hook saw them */
  routes: readonly RouteOptions[];
  /** where the plugin is mounted: /api/webapi */
  prefix: string;
  version: string;
  /** the largest file of each kind the server takes */
  limits: Record<FileKind, number>;
  /** operations outside the legacy API (the lead capture API), each naming its own server, with what they refer to */
  beside?: BesideApi[];
}

export interface BesideApi {
  tag: string;
  paths: OpenApiDocument['paths'];
  schemas: Record<string, JsonSchema>;
  responses: OpenApiDocument['components']['responses'];
  securitySchemes: OpenApiDocument['components']['securitySchemes'];
}

const rejectsMissing = (schema: z.ZodType, missing: unknown) => {
  try {
    return !schema.safeParse(missing).success;
  } catch {
    return true;
  }
};

/**
 * Corrects what zod's conversion cannot see: which fields may be left out (a preprocess may supply a
 * missing one, or refuse it), found by asking the field's schema; what a pipe from an unknown value
 * accepts, which is what it becomes; and a preprocessed field's default.
 */
function asValidated(ctx: { zodSchema: z.core.$ZodType; jsonSchema: z.core.JSONSchema.BaseSchema }): void {
  const def = ctx.zodSchema._zod.def as z.core.$ZodTypeDef & { shape?: Record<string, z.ZodType>; out?: z.ZodType; defaultValue?: unknown };
  const json = ctx.jsonSchema;
  // zod leaves out the default of a preprocessed field when describing input.
  if (def.type === 'default' && json.default === undefined) json.default = def.defaultValue as z.core.JSONSchema.BaseSchema['default'];
  if (def.type === 'pipe' && def.out && Object.keys(json).every((k) => k === 'description')) {
    Object.assign(json, { ...jsonSchemaOf(def.out), ...json });
  }
  if (def.type === 'object' && def.shape && json.properties) {
    const required = Object.keys(def.shape).filter((k) => rejectsMissing(def.shape![k]!, undefined));
    if (required.length) json.required = required;
    else delete json.required;
  }
}

/** A schema as JSON Schema for what a client sends (an OpenAPI 3.0 Schema Object). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(documentationOf(schema).doc, { target: 'openapi-3.0', io: 'input', unrepresentable: 'any', override: asValidated }) as JsonSchema;
}

/** The roles as people of the original client know them: the user kinds by their wire names. */
export function roleNames(roles: readonly Role[]): string[] {
  return [...new Set(roles.flatMap((r) => (r === 'user' ? [...USER_TYPES] : [r])))];
}

const rolesOf = (route: RouteOptions): Role[] | null => {
  const guards = [route.preHandler].flat().filter((h): h is RoleGuard => !!h && Array.isArray((h as Partial<RoleGuard>).roles));
  return guards.length ? guards.flatMap((g) => g.roles) : null;
};

function parameters(schema: z.ZodType | undefined, where: 'path' | 'query'): Parameter[] {
  if (!schema) return [];
  const object = jsonSchemaOf(schema);
  return Object.entries(object.properties ?? {}).map(([name, { description, ...rest }]) => ({
    name,
    in: where,
    required: where === 'path' || (object.required ?? []).includes(name),
    ...(description ? { description } : {}),
    schema: rest,
  }));
}

const FILE_TYPES = (kind: FileKind) => (kind === 'csv' ? ['text/csv'] : acceptedTypes(kind));

function formBody(form: FormSpec, limits: DocumentSource['limits']): MediaType {
  const fields = jsonSchemaOf(form.schema);
  const properties = { ...fields.properties };
  const required = [...(fields.required ?? [])];
  const encoding: Record<string, { contentType: string }> = {};
  for (const [name, file] of Object.entries(form.files)) {
    const what =
      file.kind === 'csv' ? 'A CSV file (UTF-8, a header row first)' : `${file.kind === 'image' ? 'An image' : 'A video'} (its content decides its type)`;
    const need = file.required ? `Required: without it the answer is "${file.required}".` : 'Optional.';
    properties[name] = { type: 'string', format: 'binary', description: `${what}, at most ${sizeText(limits[file.kind])}. ${need}` };
    if (file.required) required.push(name);
    encoding[name] = { contentType: FILE_TYPES(file.kind).join(', ') };
  }
  return { schema: { type: 'object', properties, ...(required.length ? { required } : {}) }, encoding };
}

const FAILURES: Record<number, { name: string; description: string }> = {
  400: { name: 'BadRequest', description: 'The input was refused; message names the first problem.' },
  401: {
    name: 'Unauthorized',
    description: 'No working session (none sent, expired, ended, or its account blocked or expired); for a sign-in, wrong credentials.',
  },
  403: {
    name: 'Forbidden',
    description:
      'The role may not make this call; for a sign-in, the account is blocked or expired; ' +
      'or a change sent with the session cookie and no token came from another site, or not as JSON or multipart.',
  },
  404: { name: 'NotFound', description: "No such record in the caller's company (another company's id answers the same)." },
  409: { name: 'Conflict', description: 'The record is not in a state that allows this now (already decided, a duplicate, an update waiting).' },
  413: { name: 'TooLarge', description: 'The file is larger than the server takes.' },
  429: { name: 'TooManyRequests', description: 'Too many failed sign-ins: wait, then try again.' },
};

const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function success(doc: RouteDoc): [string, Response] {
  switch (doc.answers) {
    case 'created':
      return ['201', ref('Created')];
    case 'csv':
      return ['200', { description: 'A CSV file to save (Content-Disposition names it).', content: { 'text/csv': { schema: { type: 'string' } } } }];
    case 'counts':
      return [
        '200',
        {
          description: 'A bare array of counts, in the order the description gives.',
          content: { 'application/json': { schema: { type: 'array', items: { type: 'integer' } } } },
        },
      ];
    case 'document':
      return ['200', { description: 'This document.', content: { 'application/json': { schema: { type: 'object' } } } }];
    case 'html':
      return ['200', { description: 'An HTML page.', content: { 'text/html': { schema: { type: 'string' } } } }];
    default:
      return ['200', ref('Ok')];
  }
}

function operation(method: string, path: string, doc: RouteDoc, roles: Role[] | null, limits: DocumentSource['limits']): Operation {
  const names = roles ? roleNames(roles) : [];
  const statuses = new Set<number>(doc.errors ?? []);
  if (doc.params || doc.query || doc.body || doc.form) statuses.add(400);
  if (roles) for (const s of [401, 403]) statuses.add(s);
  if (method !== 'GET') statuses.add(403);
  if (doc.params) statuses.add(404);
  const [ok, answer] = success(doc);
  const responses: Record<string, Response> = { [ok]: answer };
  for (const status of [...statuses].sort()) responses[String(status)] = ref(FAILURES[status]!.name);

  const params = [...parameters(doc.params, 'path'), ...parameters(doc.query, 'query')];
  const body: MediaType | undefined = doc.form ? formBody(doc.form, limits) : doc.body ? { schema: jsonSchemaOf(doc.body) } : undefined;
  return {
    operationId: `${method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [doc.tag],
    summary: doc.summary,
    description: [doc.description, roles ? `Roles: ${names.join(', ')}.` : 'Public: no session needed.'].filter(Boolean).join('\n\n'),
    'x-roles': names,
    ...(roles ? {} : { security: [] }),
    ...(params.length ? { parameters: params } : {}),
    ...(body
      ? { requestBody: { required: !!doc.form || rejectsMissing(doc.body!, {}), content: { [doc.form ? 'multipart/form-data' : 'application/json']: body } } }
      : {}),
    responses,
  };
}

const FAILURE_SCHEMA: JsonSchema = {
  type: 'object',
  description: 'Every failure of the legacy API.',
  required: ['status', 'success', 'message'],
  properties: {
    status: { type: 'boolean', enum: [false] },
    success: { type: 'boolean', enum: [false] },
    message: { type: 'string', description: 'What went wrong, in words to show the person.' },
  },
};

const ANSWER_SCHEMA: JsonSchema = {
  type: 'object',
  description: "status (or success) true, message, and the call's own fields in the original client's names.",
  properties: { status: { type: 'boolean' }, success: { type: 'boolean' }, message: { type: 'string' } },
  additionalProperties: true,
};

const DESCRIPTION = [
  "The API the original client calls. Field names keep the original client's spellings (clint_name, discreption, Telicaller-hade).",
  'Authentication: the token a sign-in answers, sent as `Authorization: Bearer <token>`, or the session cookie the sign-in sets. ' +
    'Each call names the roles that may make it.',
  'Every failure answers `{ "status": false, "success": false, "message": "..." }`; a database out of reach answers 503 in the same shape.',
  'Numbers may be sent as JSON numbers or as decimal text. Money is in rupees (up to 2 decimals), call durations HH:MM:SS, ' +
    "dates YYYY-MM-DD in the company's time zone.",
  "Beside it, the lead capture API (`/api/capture/leads`, under Lead capture) takes a company's API key instead of a session: " +
    'a CRM or a website sends leads with it.',
].join('\n\n');

/** The OpenAPI document of every documented legacy route (a route registered without a declaration is left out). */
export function buildOpenApi(source: DocumentSource): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const route of source.routes) {
    const doc = route.config?.doc;
    if (!doc) continue;
    const path = route.url.slice(source.prefix.length).replace(/:(\w+)/g, '{$1}');
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      paths[path] ??= {};
      paths[path][method.toLowerCase()] = operation(method, path, doc, rolesOf(route), source.limits);
    }
    if (!tags.includes(doc.tag)) tags.push(doc.tag);
  }
  const beside = source.beside ?? [];
  for (const api of beside) {
    for (const [path, item] of Object.entries(api.paths)) {
      if (paths[path]) throw new Error(`OpenAPI: ${path} of ${api.tag} is also a legacy path`);
      paths[path] = item;
    }
    tags.push(api.tag);
  }
  const all = <K extends 'schemas' | 'responses' | 'securitySchemes'>(key: K) => Object.assign({}, ...beside.map((api) => api[key])) as BesideApi[K];
  const failure = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } });
  const answer = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } });
  return {
    openapi: '3.0.3',
    info: { title: 'Telecalling back office: API for the original client', version: source.version, description: DESCRIPTION },
    servers: [{ url: source.prefix }],
    tags: tags.map((name) => ({ name })),
    security: [{ bearerToken: [] }, { sessionCookie: [] }],
    paths,
    components: {
      schemas: { Failure: FAILURE_SCHEMA, Answer: ANSWER_SCHEMA, ...all('schemas') },
      responses: {
        Ok: answer("Done: status (or success) true, a message, and the call's own fields."),
        Created: answer('Created: success and status true, a message, and the new record under data.'),
        ...Object.fromEntries(Object.values(FAILURES).map((f) => [f.name, failure(f.description)])),
        ...all('responses'),
      },
      securitySchemes: {
        bearerToken: { type: 'http', scheme: 'bearer', description: 'The token a sign-in (or login-as) answers.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'The session cookie a sign-in sets (httpOnly).' },
        ...all('securitySchemes'),
      },
    },
  };
}
