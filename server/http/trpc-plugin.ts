import type { FastifyError, FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { fastifyRequestHandler, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import {
  getErrorShape,
  getHTTPStatusCodeFromError,
  getProcedureAtPath,
  getTRPCErrorFromUnknown,
  transformTRPCResponse,
  type AnyRouter,
} from '@trpc/server/unstable-core-do-not-import';

import { limitBodiesBy, refusingDeepJson, TOO_LARGE_MESSAGE } from './body-limits.js';
import type { ProcedureMeta } from '../trpc/trpc.js';

type TrpcOptions<R extends AnyRouter> = FastifyTRPCPluginOptions<R>['trpcOptions'];

const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;
const NOT_PLAIN_TYPES = ['multipart/form-data', 'application/octet-stream'];

/** The raw input of a plain call, or NOT_PLAIN when tRPC's own handler should read the request. */
const NOT_PLAIN = Symbol('not plain');

function plainInput(req: FastifyRequest): unknown {
  const query = req.query as Record<string, unknown>;
  if ('batch' in query || 'connectionParams' in query || req.headers['trpc-accept'] !== undefined) return NOT_PLAIN;
  const type = req.headers['content-type'];
  try {
    if (req.method === 'GET') {
      if (type && NOT_PLAIN_TYPES.some((t) => type.startsWith(t))) return NOT_PLAIN;
      return typeof query.input === 'string' && query.input ? JSON.parse(query.input) : undefined;
    }
    if (!type?.startsWith('application/json') || typeof req.body !== 'string' || !req.body) return NOT_PLAIN;
    return JSON.parse(req.body);
  } catch {
    return NOT_PLAIN;
  }
}

/**
 * One query (GET) or one mutation (POST, JSON) called straight from Fastify's request, answered
 * with the envelope and status tRPC's handler gives it. tRPC's Fastify adapter turns every request
 * into a Fetch Request and every answer into a Fetch Response streamed back through Fastify,
 * which cost more than the session read and the query of a queue page together. Anything else
 * (a batch, a form, a stream, an unknown path, a wrong method, unreadable input) goes to tRPC's
 * own handler; tests/trpc-direct.test.ts holds the two answers equal.
 */
async function callDirectly<R extends AnyRouter>(opts: TrpcOptions<R>, req: FastifyRequest, reply: FastifyReply, path: string): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'POST') return false;
  if (path.includes(',') || path.includes('%')) return false;
  const router = opts.router;
  const procedure = await getProcedureAtPath(router, path);
  if (!procedure) return false;
  const type = procedure._def.type;
  if (type === 'subscription' || METHOD_OF[type] !== req.method) return false;
  const raw = plainInput(req);
  if (raw === NOT_PLAIN) return false;

  const config = router._def._config;
  const input = raw === undefined ? undefined : config.transformer.input.deserialize(raw);
  const ctx = opts.createContext ? await opts.createContext({ req, res: reply, info: undefined as never }) : undefined;
  let body: unknown;
  let status = 200;
  try {
    // biome-ignore lint/nursery/useAwaitThenable: a tRPC procedure called directly answers a promise; its declared type hides that
    const data = await procedure({ path, getRawInput: async () => input, ctx, type, signal: undefined, batchIndex: 0 });
    body = { result: { data } };
  } catch (cause) {
    const error = getTRPCErrorFromUnknown(cause);
    opts.onError?.({ error, path, input, ctx, type, req });
    const shape = getErrorShape({ config, ctx, error, input, path, type });
    body = { error: shape };
    const declared = (shape as { data?: { httpStatus?: unknown } }).data?.httpStatus;
    status = typeof declared === 'number' ? declared : getHTTPStatusCodeFromError(error);
  }
  await reply
    .code(status)
    .header('vary', 'trpc-accept, accept')
    .header('content-type', 'application/json')
    .send(Buffer.from(JSON.stringify(transformTRPCResponse(config, body as never))));
  return true;
}

/**
 * The most the body of a call to `path` may be: the sum of its procedures' own limits (a batch names
 * several), or undefined (the app's limit) when one of them declares none or is no procedure.
 */
async function bodyLimitOf(router: AnyRouter, path: string): Promise<number | undefined> {
  let total = 0;
  for (const name of path.split(',')) {
    const procedure = await getProcedureAtPath(router, name);
    const limit = (procedure?._def as { meta?: ProcedureMeta } | undefined)?.meta?.bodyLimit;
    if (limit === undefined) return undefined;
    total += limit;
  }
  return total;
}

/** A body refused before any procedure ran (too large, nested too deep, unreadable), in tRPC's error envelope. */
function refusedBody<R extends AnyRouter>(opts: TrpcOptions<R>, err: FastifyError, req: FastifyRequest<{ Params: { path: string } }>, reply: FastifyReply) {
  const status = err.statusCode;
  // Anything else is the app's to answer (its error handler keeps internals from the client).
  if (!status || status < 400 || status >= 500) throw err;
  const config = opts.router._def._config;
  const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
  const message = status === 413 ? TOO_LARGE_MESSAGE : err.message;
  const error = new TRPCError({ code, message });
  const shape = getErrorShape({ config, ctx: undefined, error, input: undefined, path: req.params.path, type: 'unknown' });
  return reply
    .code(status)
    .header('content-type', 'application/json')
    .send(JSON.stringify(transformTRPCResponse(config, { error: shape } as never)));
}

/** tRPC under a prefix, as `fastifyTRPCPlugin` registers it, with plain calls answered directly. */
export function trpcPlugin<R extends AnyRouter>(): FastifyPluginCallback<{ trpcOptions: TrpcOptions<R> }> {
  return (app, { trpcOptions }, done) => {
    // A procedure with small inputs declares a small limit: chosen from the path before the body is read.
    limitBodiesBy(app, (req) => bodyLimitOf(trpcOptions.router, (req.params as { path: string }).path));
    app.setErrorHandler((err: FastifyError, req: FastifyRequest<{ Params: { path: string } }>, reply) => refusedBody(trpcOptions, err, req, reply));
    // As tRPC's plugin: its handler reads the JSON (and forms) itself, from the text; text nested
    // too deep for anything to walk after parsing is refused first.
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string' },
      refusingDeepJson((_req, body, next) => next(null, body)),
    );
    app.removeContentTypeParser('multipart/form-data');
    app.addContentTypeParser('multipart/form-data', {}, (_req, body, next) => next(null, body));
    app.all<{ Params: { path: string } }>('/:path', async (req, reply) => {
      const path = req.params.path;
      if (await callDirectly(trpcOptions, req, reply, path)) return;
      await fastifyRequestHandler({ ...trpcOptions, req, res: reply, path });
    });
    done();
  };
}
