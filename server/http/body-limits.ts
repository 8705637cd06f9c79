import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The most any request's body may be (the app's bodyLimit): a CSV upload or a long form. */
export const BODY_LIMIT = 1024 * 1024;

/**
 * The most a body may be on a route whose input is a few short fields (sign-in, a settings form):
 * room for the longest such form (a profile of 2,800 characters) written with \u escapes.
 */
export const SMALL_BODY_LIMIT = 32 * 1024;

/** How deep arrays and objects may nest in a JSON body: real inputs go a few levels deep. */
export const MAX_JSON_DEPTH = 64;

/** What the client is told when its body is over its route's limit (legacy or tRPC, each in its own shape). */
export const TOO_LARGE_MESSAGE = 'The request is too large.';
export const TOO_DEEP_MESSAGE = `The request nests lists or objects more than ${MAX_JSON_DEPTH} deep.`;

/** A body over its limit: Fastify's own error for it, with its code, raised before the body is read. */
export class BodyTooLarge extends Error {
  readonly statusCode = 413;
  readonly code = 'FST_ERR_CTP_BODY_TOO_LARGE';
  constructor() {
    super(TOO_LARGE_MESSAGE);
  }
}

export class JsonTooDeep extends Error {
  readonly statusCode = 400;
  readonly code = 'TCB_JSON_TOO_DEEP';
  constructor() {
    super(TOO_DEEP_MESSAGE);
  }
}

/**
 * Whether JSON text nests arrays and objects deeper than `max`, from one look at each character.
 * JSON.parse of a megabyte of `[[[[...` takes a tenth of a second, and whatever walks the parsed value
 * after it longer: text nested too deep is refused before it is parsed.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

type BodyParser = (req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => void;

/** A JSON body parser that first refuses text nested deeper than MAX_JSON_DEPTH (400). */
export const refusingDeepJson =
  (parse: BodyParser): BodyParser =>
  (req, body, done) => {
    if (nestsDeeperThan(body, MAX_JSON_DEPTH)) return done(new JsonTooDeep());
    parse(req, body, done);
  };

/**
 * Limits the body of a request of this scope to what `limitOf` chooses from its URL (undefined: the
 * route's own limit), before a byte of it is read: for routes whose limit depends on what is called
 * (a tRPC call names its procedures in the path).
 */
export function limitBodiesBy(app: FastifyInstance, limitOf: (req: FastifyRequest) => Promise<number | undefined>): void {
  app.addHook('preParsing', async (req: FastifyRequest, _reply: FastifyReply, payload) => {
    if (req.method === 'GET' || req.method === 'HEAD') return payload;
    const limit = await limitOf(req);
    if (limit === undefined) return payload;
    if (Number(req.headers['content-length']) > limit) throw new BodyTooLarge();
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        received += chunk.length;
        next(received > limit ? new BodyTooLarge() : null, chunk);
      },
    });
    payload.on('error', (err) => counted.destroy(err));
    return payload.pipe(counted);
  });
}
