import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import { AppError, DATABASE_UNAVAILABLE, httpStatusOf, isDatabaseUnavailable } from '../errors.js';
import { parseInput } from './legacy.js';
import { escapeHtml } from './docs-page.js';
import { authenticateCaptureKey, type CaptureKey } from '../services/capture/capture-keys.service.js';
import { captureFormLead, captureLead, extrasOf } from '../services/capture/capture.service.js';
import { TokenBuckets } from '../services/capture/token-bucket.js';
import {
  CAPTURE_FORM_FIELD,
  CAPTURE_HONEYPOT,
  CAPTURE_KNOWN_KEYS,
  CAPTURE_MESSAGES,
  CaptureFormInput,
  CaptureLeadInput,
} from '../../shared/schemas/capture.js';

/** Where the capture API is mounted (its two posting routes are exempted by name in the session plugin). */
export const CAPTURE_PREFIX = '/api/capture';

/** A lead is a few kB at most; a website form the same, URL-encoded. */
const LEAD_BODY_LIMIT = 64 * 1024;
const FORM_BODY_LIMIT = 64 * 1024;

const failure = (message: string, fieldErrors?: Record<string, string>) => ({
  status: false,
  success: false,
  message,
  ...(fieldErrors ? { fieldErrors } : {}),
});

/**
 * A URL-encoded form: each name's last value, except a company field's (`fields[key]`), whose
 * values all count (a multiple choice's ticked boxes).
 */
function formBody(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const had = out[name];
    if (had !== undefined && CAPTURE_FORM_FIELD.test(name)) out[name] = [...(Array.isArray(had) ? had : [had]), value];
    else out[name] = value;
  }
  return out;
}

/** The key a request presents: `Authorization: Bearer <key>`, else `X-API-Key`. */
function presentedKey(req: FastifyRequest): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  if (bearer) return bearer;
  const header = req.headers['x-api-key'];
  return typeof header === 'string' && header.trim() ? header.trim() : null;
}

function tooMany(reply: FastifyReply, retryAfterSeconds: number): never {
  reply.header('Retry-After', String(retryAfterSeconds));
  throw new AppError('TOO_MANY_REQUESTS', CAPTURE_MESSAGES.tooMany);
}

/** A small page for a website visitor: no script, everything escaped. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>body{font:17px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1b1e;margin:0;padding:2rem 1rem}main{max-width:32rem;margin:0 auto}h1{font-size:1.4rem}</style>
</head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body>
</html>`;
}

/** The page a visitor goes back from: the referring page when it is a web page, else the browser's back button. */
function backLink(req: FastifyRequest): string {
  const referer = req.headers.referer;
  try {
    const url = referer ? new URL(referer) : null;
    if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return `<p><a href="${escapeHtml(url.href)}">Go back to the form</a></p>`;
  } catch {
    // not a URL: the back button will do
  }
  return '<p>Use your browser’s back button to return to the form.</p>';
}

const problemPage = (req: FastifyRequest, message: string) => page('Please check the form', `<p>${escapeHtml(message)}</p>${backLink(req)}`);

const THANK_YOU_PAGE = page('Thank you', '<p>We have your enquiry and will call you soon.</p>');

/**
 * Lead capture (docs/lead-capture.md): a company's server or CRM sends leads to POST /leads with an
 * API key; a company's website form posts to /form/:formKey. Both are meant to be called from other
 * sites, so they authenticate with the key alone (see the session plugin). Answers are JSON in the
 * legacy API's failure shape for the API, small HTML pages for a website's visitors.
 */
export const captureApi: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  const perKey = new TokenBuckets(deps.config.capture.perKey);
  const perAddress = new TokenBuckets(deps.config.capture.formPerAddress);

  app.addHook('onSend', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });

  // The JSON API: any site's script or server may call it (it takes no cookie, only the key).
  await app.register(async (api) => {
    // JSON only: a text or multipart body is a 415 that says so, not a confusing "Name is required."
    api.removeContentTypeParser(['text/plain', 'multipart/form-data']);
    api.addHook('onSend', async (_req, reply) => {
      reply.header('Access-Control-Allow-Origin', '*');
    });
    api.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      if (err instanceof AppError) return reply.code(httpStatusOf[err.code]).send(failure(err.message, err.fieldErrors));
      if (isDatabaseUnavailable(err)) return reply.code(503).send(failure(DATABASE_UNAVAILABLE));
      const status = (err as FastifyError).statusCode;
      if (status === 413) return reply.code(413).send(failure('The request is too large: send one lead at a time.'));
      if (status === 415) return reply.code(415).send(failure('Send the lead as JSON (Content-Type: application/json).'));
      if (status && status >= 400 && status < 500) return reply.code(status).send(failure('The body is not valid JSON.'));
      req.log.error({ err }, 'capture api error');
      return reply.code(500).send(failure('Something went wrong. Please try again.'));
    });

    api.options('/leads', async (_req, reply) =>
      reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'POST')
        .header('Access-Control-Allow-Headers', 'Authorization, X-API-Key, Content-Type')
        .header('Access-Control-Max-Age', '86400')
        .send(),
    );

    api.post('/leads', { bodyLimit: LEAD_BODY_LIMIT }, async (req, reply) => {
      const key = await authenticateCaptureKey(deps, presentedKey(req), 'api');
      const taken = perKey.take(String(key.id));
      if (!taken.ok) tooMany(reply, taken.retryAfterSeconds);
      const input = parseInput(CaptureLeadInput, req.body);
      const { answer, created } = await captureLead(deps, key, input, req.body);
      return reply.code(created ? 201 : 200).send(answer);
    });
  });

  // The website form: a browser posts it from the company's own site and is sent on to a thank-you page.
  await app.register(async (form) => {
    form.removeContentTypeParser(['text/plain', 'multipart/form-data']);
    form.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
      done(null, formBody(body as string));
    });
    form.setErrorHandler((err: FastifyError | AppError, req, reply) => {
      const html = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').send(body);
      if (err instanceof AppError) {
        const status = httpStatusOf[err.code];
        return html(status, status === 400 ? problemPage(req, err.message) : page('Sorry', `<p>${escapeHtml(err.message)}</p>`));
      }
      if (isDatabaseUnavailable(err)) return html(503, page('Sorry', `<p>${escapeHtml(DATABASE_UNAVAILABLE)}</p>${backLink(req)}`));
      const status = (err as FastifyError).statusCode;
      if (status === 413) return html(413, problemPage(req, 'Your message is too long. Please shorten it.'));
      if (status && status >= 400 && status < 500) return html(status, problemPage(req, 'The form could not be read. Please try again.'));
      req.log.error({ err }, 'capture form error');
      return html(500, page('Sorry', `<p>Something went wrong. Please try again.</p>${backLink(req)}`));
    });

    const thankYou = (reply: FastifyReply, key: CaptureKey) => reply.redirect(key.thankYouUrl ?? `${CAPTURE_PREFIX}/thank-you`, 303);

    form.post<{ Params: { formKey: string } }>('/form/:formKey', async (req, reply) => {
      // Before the key is looked up: a flood from one address costs no database work.
      const taken = perAddress.take(req.ip);
      if (!taken.ok) tooMany(reply, taken.retryAfterSeconds);
      const key = await authenticateCaptureKey(deps, req.params.formKey, 'form');
      const body = req.body && typeof req.body === 'object' ? (req.body as Record<string, unknown>) : {};
      // A robot filling every field fills the hidden one too: it is sent on as a person would be, and nothing is made.
      if (typeof body[CAPTURE_HONEYPOT] === 'string' && body[CAPTURE_HONEYPOT].trim()) return thankYou(reply, key);
      const fields = Object.fromEntries(
        Object.entries(body).flatMap(([k, v]) => {
          const key = CAPTURE_FORM_FIELD.exec(k)?.[1];
          return key ? [[key, v]] : [];
        }),
      );
      const extras = extrasOf(body, (k) => CAPTURE_KNOWN_KEYS.has(k) || k === CAPTURE_HONEYPOT || CAPTURE_FORM_FIELD.test(k));
      await captureFormLead(deps, key, parseInput(CaptureFormInput, { ...body, fields }), extras);
      return thankYou(reply, key);
    });

    form.get('/thank-you', async (_req, reply) => reply.type('text/html; charset=utf-8').send(THANK_YOU_PAGE));
  });
};
