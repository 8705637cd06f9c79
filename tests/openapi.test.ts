// The legacy API's OpenAPI document and reference page (/api/webapi/openapi.json, /api/webapi/docs):
// every route the legacy plugin registers is in it, with the roles its guard lets through and the
// schemas that validate its input. The document does not depend on the database: SQLite only.
import fs from 'node:fs';
import type { RouteOptions } from 'fastify';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { LEGACY_PREFIX, registeredLegacyRoutes } from './helpers/legacy-routes.js';
import { ROUTES } from './authz/matrix.js';
import { documentationOf } from '../server/rest/route.js';
import { escapeHtml } from '../server/rest/docs-page.js';
import type { JsonSchema, OpenApiDocument, Operation } from '../server/rest/openapi.js';

const toOpenApiPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');
const VERSION = (JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/** Every value under `node` with the JSON pointer to it. */
function* walk(node: unknown, pointer = '#'): Generator<[string, unknown]> {
  yield [pointer, node];
  if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) yield* walk(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  }
}

function resolve(doc: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>((at, key) => {
      const k = key.replace(/~1/g, '/').replace(/~0/g, '~');
      return at && typeof at === 'object' && Object.hasOwn(at, k) ? (at as Record<string, unknown>)[k] : undefined;
    }, doc);
}

describe('the legacy API documentation', () => {
  let t: TestApp;
  let doc: OpenApiDocument;
  let registered: { method: string; path: string; options: RouteOptions }[];
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op: op as Operation })));
  const op = (method: string, path: string) => doc.paths[path]![method]!;
  const jsonBody = (method: string, path: string) => op(method, path).requestBody!.content['application/json']!.schema;
  const declared = (method: string, path: string) => registered.find((r) => r.method === method && r.path === path)!.options.config!.doc!;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    registered = await registeredLegacyRoutes(t.deps);
    const res = await t.app.inject({ method: 'GET', url: `${LEGACY_PREFIX}/openapi.json` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    doc = res.json();
  }, 60_000);
  afterAll(() => t?.close());

  it('has every route the legacy plugin registers, with its method, and no other', () => {
    // The lead capture API is the one operation with a server of its own (its test is below).
    const documented = operations()
      .filter((o) => !o.op.servers)
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    const routes = registered.map((r) => `${r.method} ${toOpenApiPath(r.path)}`);
    expect(routes.length).toBeGreaterThan(80);
    expect(
      routes.filter((r) => !documented.includes(r)),
      'routes missing from the document',
    ).toEqual([]);
    expect(
      documented.filter((d) => !routes.includes(d)),
      'documented calls the server does not have',
    ).toEqual([]);
  });

  it('is an OpenAPI 3 document in structure', () => {
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/);
    expect(doc.info.title).toBeTruthy();
    expect(doc.info.version).toBe(VERSION);
    expect(doc.servers).toEqual([{ url: LEGACY_PREFIX }]);
    const used = [...doc.security, ...operations().flatMap((o) => o.op.security ?? [])].flatMap((s) => Object.keys(s));
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual([...new Set(used)].sort());
    expect(doc.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sid' });
    expect(doc.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });

    const refs = [...walk(doc)].filter(([pointer, v]) => pointer.endsWith('/$ref') && typeof v === 'string');
    expect(refs.length).toBeGreaterThan(100);
    expect(
      refs.filter(([, ref]) => resolve(doc, ref as string) === undefined).map(([p, ref]) => `${p} -> ${String(ref)}`),
      'unresolved $refs',
    ).toEqual([]);

    const tags = doc.tags.map((tag) => tag.name);
    const ids = new Set<string>();
    for (const { path, method, op: o } of operations()) {
      const label = `${method.toUpperCase()} ${path}`;
      expect(['get', 'post', 'put', 'patch', 'delete'], label).toContain(method);
      expect(o.summary, label).toBeTruthy();
      expect(tags, label).toContain(o.tags[0]);
      expect(ids.has(o.operationId), `${label}: operationId ${o.operationId} twice`).toBe(false);
      ids.add(o.operationId);
      const statuses = Object.keys(o.responses);
      expect(
        statuses.some((s) => /^2\d\d$/.test(s)),
        `${label} has no success answer`,
      ).toBe(true);
      for (const s of statuses.filter((s) => /^4\d\d$/.test(s))) {
        const response = resolve(doc, (o.responses[s] as { $ref: string }).$ref) as { content: Record<string, { schema: { $ref: string } }> };
        expect(response.content['application/json']!.schema.$ref, `${label} ${s}`).toBe('#/components/schemas/Failure');
      }
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      const pathParams = (o.parameters ?? []).filter((p) => p.in === 'path');
      expect(pathParams.map((p) => p.name).sort(), `${label}: path parameters`).toEqual(inPath.sort());
      expect(
        pathParams.every((p) => p.required),
        label,
      ).toBe(true);
      for (const p of o.parameters ?? []) expect(['path', 'query'], label).toContain(p.in);
      if (inPath.length) expect(statuses, label).toContain('404');
      if (o.requestBody || o.parameters?.length) expect(statuses, label).toContain('400');
    }
    expect(doc.components.schemas.Failure).toMatchObject({ required: ['status', 'success', 'message'] });
  });

  it("names the roles each route's guard lets through, as the authorization matrix has them", () => {
    expect(Object.keys(ROUTES)).toHaveLength(registered.length);
    for (const [route, entry] of Object.entries(ROUTES)) {
      const [method, path] = route.split(' ') as [string, string];
      const o = op(method.toLowerCase(), toOpenApiPath(path));
      if (entry.allow === 'public') {
        expect(o['x-roles'], route).toEqual([]);
        expect(o.security, route).toEqual([]);
        expect(o.description, route).toContain('Public');
      } else {
        expect([...o['x-roles']].sort(), route).toEqual([...(entry.allow as string[])].sort());
        expect(o.description, route).toContain(`Roles: ${o['x-roles'].join(', ')}.`);
        expect(o.security, route).toBeUndefined();
        expect(Object.keys(o.responses), route).toEqual(expect.arrayContaining(['401', '403']));
      }
    }
  });

  it('describes the bodies and parameters in the names the original client sends', () => {
    const props = (s: JsonSchema) => Object.keys(s.properties ?? {});
    const leadForm = jsonBody('post', '/submitLeadForm');
    expect(props(leadForm)).toEqual(
      expect.arrayContaining([
        'customer_id',
        'status',
        'feedback',
        'call_duration',
        'telemarketer_handler',
        'demo',
        'callback',
        'callback_date',
        'callback_time',
        'invalid_reason',
      ]),
    );
    expect(props(leadForm)).not.toContain('leadId');
    expect(leadForm.required).toEqual(['customer_id', 'status']);
    expect(leadForm.properties!.status).toMatchObject({ enum: ['2', '3', '4', '5'] });
    expect(leadForm.properties!.customer_id).toMatchObject({ type: 'integer' });

    expect(props(jsonBody('post', '/createProject'))).toEqual(
      expect.arrayContaining(['project_name', 'clint_name', 'number', 'price', 'Advance_payment', 'commission', 'endtime']),
    );
    expect(props(jsonBody('post', '/approveProjectUpdate'))).toEqual(expect.arrayContaining(['id', 'Advance_payment', 'commission_percentage']));
    expect(props(jsonBody('post', '/submitComplaint'))).toEqual(expect.arrayContaining(['service', 'area']));
    const distribute = jsonBody('post', '/distributeLeads');
    expect(distribute.required).toEqual(['id', 'sendleads', 'category']);
    expect(distribute.properties!.id).toMatchObject({ type: 'integer' });
    expect(jsonBody('post', '/update-status').properties!.lead_ids).toMatchObject({ type: 'array', items: { type: 'integer' }, minItems: 1 });
    expect(jsonBody('post', '/createUser').required).toEqual(['name', 'email', 'mobile', 'password', 'user_type']);
    expect(op('post', '/createUser').responses).toHaveProperty('201');
    expect(jsonBody('put', '/updateUser').anyOf).toHaveLength(2);

    const upload = op('post', '/upload-csv').requestBody!.content['multipart/form-data']!;
    expect(upload.schema.properties!.csvFile).toMatchObject({ type: 'string', format: 'binary' });
    expect(upload.schema.required).toEqual(['category', 'csvFile']);
    const task = op('post', '/createTask').requestBody!.content['multipart/form-data']!;
    expect(props(task.schema)).toEqual(expect.arrayContaining(['name', 'description', 'start_date', 'end_date', 'developer_id', 'image', 'video']));
    expect(task.encoding!.image!.contentType).toContain('image/png');
    expect(task.encoding!.video!.contentType).toContain('video/mp4');
    expect(op('post', '/updateDemo').requestBody!.content['multipart/form-data']!.schema.required).not.toContain('image');

    expect(op('get', '/getCallHistory').parameters).toEqual([expect.objectContaining({ name: 'customer_id', in: 'query', required: true })]);
    expect(op('get', '/projectsByTelecaller/{id}').parameters!.map((p) => `${p.in} ${p.name}`)).toEqual(['path id', 'query page', 'query pageSize']);
    expect(op('get', '/getLeads').parameters!.find((p) => p.name === 'pageSize')!.schema).toMatchObject({ maximum: 1000, default: 1000 });
    expect(op('get', '/leads/export.csv').responses['200']).toMatchObject({ content: { 'text/csv': {} } });
    expect(op('get', '/pendingtellecallerCount').responses['200']).toMatchObject({ content: { 'application/json': { schema: { type: 'array' } } } });
  });

  it('documents each renamed body by exactly the fields its renaming reads', () => {
    const mapped = registered
      .map((r) => ({ route: `${r.method} ${r.path}`, d: r.options.config?.doc?.body && documentationOf(r.options.config.doc.body) }))
      .filter((m) => m.d?.map);
    expect(mapped.map((m) => m.route).sort()).toEqual(['POST /approveProjectUpdate', 'POST /createProject', 'POST /submitComplaint', 'POST /submitLeadForm']);
    for (const { route, d } of mapped) {
      const reads = new Set<string>();
      const recordReads: ProxyHandler<object> = {
        get: (_, key) => {
          if (typeof key === 'string') reads.add(key);
          return undefined;
        },
      };
      d!.map!(new Proxy({}, recordReads));
      expect(Object.keys((d!.doc as z.ZodObject).shape).sort(), route).toEqual([...reads].sort());
    }
  });

  it("validates each route's input with the schema it documents", async () => {
    const firstMessage = (schema: z.ZodType, body: unknown) => {
      try {
        return schema.safeParse(body).error?.issues[0]?.message;
      } catch (err) {
        return (err as Error).message;
      }
    };
    const signIn = declared('POST', '/admin/login').body!;
    for (const body of [{}, { email: 'not an email', password: 'x' }, { email: 'a@b.test' }]) {
      const res = await t.app.inject({ method: 'POST', url: `${LEGACY_PREFIX}/admin/login`, payload: body });
      expect(res.json(), JSON.stringify(body)).toEqual({ status: false, success: false, message: firstMessage(signIn, body) });
    }
    const { caller } = await signedInCompany(t);
    const leadForm = declared('POST', '/submitLeadForm').body!;
    const bodies = [
      {},
      { customer_id: 'x' },
      { customer_id: 1 },
      // Feedback and what it asks for are the company's choices, checked against them with the lead
      // (tests/lead-form-fields.test.ts, tests/lead-work-legacy.test.ts); the schema checks the shape.
      { customer_id: 1, status: '9', feedback: 'Price Issue' },
      { customer_id: 1, status: '3', feedback: 'Price Issue', fields: 'roof' },
      { customer_id: 1, call_duration: '1:2' },
    ];
    for (const body of bodies) {
      const res = await t.app.inject({
        method: 'POST',
        url: `${LEGACY_PREFIX}/submitLeadForm`,
        headers: { authorization: `Bearer ${caller.token}` },
        payload: body,
      });
      const expected = firstMessage(leadForm, body);
      expect(expected, JSON.stringify(body)).toBeTruthy();
      expect({ status: res.statusCode, body: res.json() }, JSON.stringify(body)).toEqual({
        status: 400,
        body: { status: false, success: false, message: expected },
      });
    }
  });

  it('documents the lead capture API: its own server, its key, its body, its answers and an example', () => {
    const capture = operations().filter((o) => o.op.servers);
    expect(capture.map((o) => `${o.method} ${o.op.servers![0]!.url}${o.path}`)).toEqual(['post /api/capture/leads']);
    const o = capture[0]!.op;
    expect(o.tags).toEqual(['Lead capture']);
    expect(o.security).toEqual([{ captureKey: [] }, { captureKeyHeader: [] }]);
    expect(doc.components.securitySchemes.captureKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.captureKeyHeader).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    const body = o.requestBody!.content['application/json']!.schema;
    expect(body.required).toEqual(['name', 'mobile']);
    expect(Object.keys(body.properties!)).toEqual(['name', 'mobile', 'requirement', 'area', 'source', 'language', 'externalId', 'email', 'fields']);
    expect(body.properties!.fields).toMatchObject({ type: 'object' });
    expect(body.properties!.externalId).toMatchObject({ type: 'string', maxLength: 100 });
    for (const status of ['200', '201']) {
      expect((o.responses[status] as { content: Record<string, unknown> }).content['application/json']).toEqual({
        schema: { $ref: '#/components/schemas/CapturedLead' },
      });
    }
    expect(doc.components.schemas.CapturedLead!.properties!.status).toMatchObject({ enum: ['routed', 'waiting', 'pool', 'repeat'] });
    expect(Object.keys(o.responses)).toEqual(['200', '201', '400', '401', '403', '429']);
    expect(o.description).toContain('curl -X POST "$SERVER/api/capture/leads" -H "Authorization: Bearer $API_KEY"');
  });

  it('answers a page to read with every call, without script, to anyone', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${LEGACY_PREFIX}/docs` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    const page = res.body;
    expect(page).not.toMatch(/<script/i);
    expect(page).toContain(`href="${LEGACY_PREFIX}/openapi.json"`);
    for (const { path, method, op: o } of operations()) {
      expect(page, path).toContain(`<code class="path">${escapeHtml(`${o.servers?.[0]?.url ?? ''}${path}`)}</code>`);
      expect(page, path).toContain(`id="${o.operationId.toLowerCase()}"`);
      expect(page, `${method} ${path}`).toContain(escapeHtml(o.summary));
    }
    for (const tag of doc.tags) expect(page).toContain(`<h2>${escapeHtml(tag.name)}</h2>`);
    // Text from the schemas comes escaped: an apostrophe in a summary, a regex in a rule.
    expect(page).toContain('The caller&#39;s projects');
    expect(page).toContain('matches ^\\d*$');
    expect(page).toContain('of type image/jpeg, image/png, image/webp, image/gif');
    expect(escapeHtml('<a href="x">&\'')).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&#39;');
  });
});
