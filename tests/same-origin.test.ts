import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, dialects, type TestApp } from './helpers/app.js';

/** A state change with no session: the origin check answers 403 before anything else would (401). */
async function signOut(app: FastifyInstance, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/trpc/auth.signOut', remoteAddress, headers: { 'content-type': 'application/json', ...headers } });
  return { status: res.statusCode, message: res.json().message ?? res.json().error?.message };
}

describe.each(dialects)('the same-origin check on %s', (dialect) => {
  let t: TestApp;
  let proxied: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    proxied = await buildTestApp(dialect, { TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(async () => {
    await t?.close();
    await proxied?.close();
  });

  it('compares the scheme, the host and the port of a plain http server', async () => {
    const host = { host: 'app.example:3000' };
    for (const origin of ['https://app.example:3000', 'http://app.example:3001', 'http://app.example', 'http://other.example:3000']) {
      expect(await signOut(t.app, { ...host, origin }), origin).toEqual({ status: 403, message: 'Cross-site request refused.' });
    }
    expect((await signOut(t.app, { ...host, origin: 'http://app.example:3000' })).status).toBe(401);
    // The default port, which a browser leaves out of Origin, and maybe a client out of Host.
    expect((await signOut(t.app, { host: 'app.example', origin: 'http://app.example:80' })).status).toBe(401);
    expect((await signOut(t.app, { host: 'app.example:80', origin: 'http://app.example' })).status).toBe(401);
    expect((await signOut(t.app, { host: 'app.example', origin: 'https://app.example' })).status).toBe(403);
    expect((await signOut(t.app, { host: 'app.example', origin: 'https://app.example:80' })).status).toBe(403);
  });

  it('behind a trusted proxy, takes the scheme and host from X-Forwarded-Proto and -Host', async () => {
    const via = { host: 'backend:3000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' };
    expect((await signOut(proxied.app, { ...via, origin: 'https://app.example' })).status).toBe(401);
    expect((await signOut(proxied.app, { ...via, origin: 'https://app.example:443' })).status).toBe(401);
    for (const origin of ['http://app.example', 'https://app.example:8443', 'https://backend:3000', 'http://backend:3000']) {
      expect((await signOut(proxied.app, { ...via, origin })).status, origin).toBe(403);
    }
    // From an address that is not the proxy, the headers are not believed: the request is plain http to its Host.
    expect((await signOut(proxied.app, { ...via, origin: 'https://app.example' }, '198.51.100.9')).status).toBe(403);
    expect((await signOut(proxied.app, { ...via, origin: 'http://backend:3000' }, '198.51.100.9')).status).toBe(401);
  });
});
