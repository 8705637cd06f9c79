// A company's lead capture keys (docs/lead-capture.md): made by its sub-admin, the secret answered
// once and only its hash stored, listed without it, revoked; another company's key is not found.
import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { mutate, query } from './helpers/http.js';
import { hashToken } from '../server/auth/tokens.js';
import { MAX_ACTIVE_CAPTURE_KEYS } from '../shared/schemas/capture.js';

describe.each(dialects)('lead capture keys on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  it('answers the secret once; the list and the table never hold it', async () => {
    const { owner } = await signedInCompany(t);
    const api = await mutate(t.app, 'capture.create', { kind: 'api', name: 'Our CRM' }, owner);
    expect(api.status).toBe(200);
    expect(api.data.secret).toMatch(/^tcb_live_[A-Za-z0-9_-]{43}$/);
    expect(api.data).toMatchObject({ kind: 'api', name: 'Our CRM', thankYouUrl: null, lastUsedAt: null, revokedAt: null });
    expect(api.data.prefix).toBe(api.data.secret.slice(0, 15));
    const form = await mutate(t.app, 'capture.create', { kind: 'form', name: 'Contact page', thankYouUrl: 'https://shop.example/thanks' }, owner);
    expect(form.data.secret).toMatch(/^tcb_form_[A-Za-z0-9_-]{43}$/);
    expect(form.data.thankYouUrl).toBe('https://shop.example/thanks');
    expect(form.data.secret).not.toBe(api.data.secret);

    const list = await query(t.app, 'capture.list', {}, owner);
    expect(list.status).toBe(200);
    expect(list.data.items.map((k) => k.name)).toEqual(['Contact page', 'Our CRM']);
    const listed = JSON.stringify(list.data);
    expect(listed).not.toContain(api.data.secret);
    expect(listed).not.toContain(form.data.secret);
    expect(list.data.items.every((k) => !('secret' in k))).toBe(true);

    const stored = await db().selectFrom('api_keys').selectAll().where('id', '=', api.data.id).executeTakeFirstOrThrow();
    expect(stored.key_hash).toBe(hashToken(api.data.secret));
    expect(JSON.stringify(stored)).not.toContain(api.data.secret);
  });

  it('refuses a bad thank-you address, one on an API key, and a blank name, making nothing', async () => {
    const { owner, company } = await signedInCompany(t);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ kind: 'form', name: 'Form', thankYouUrl: 'javascript:alert(1)' }, 'thankYouUrl', 'Enter a full web address starting with https:// or http://.'],
      [{ kind: 'form', name: 'Form', thankYouUrl: 'shop.example/thanks' }, 'thankYouUrl', 'Enter a full web address starting with https:// or http://.'],
      [{ kind: 'api', name: 'CRM', thankYouUrl: 'https://shop.example/thanks' }, 'thankYouUrl', 'Only a website form has a thank-you page.'],
      [{ kind: 'api', name: '  ' }, 'name', 'Name is required.'],
      [{ kind: 'robot', name: 'X' }, 'kind', 'Choose an API key or a website form.'],
    ];
    for (const [input, field, message] of cases) {
      const res = await mutate(t.app, 'capture.create', input, owner);
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error!.data.fieldErrors?.[field], JSON.stringify(input)).toBe(message);
    }
    expect(await db().selectFrom('api_keys').select('id').where('subadmin_id', '=', company.id).execute()).toEqual([]);
    // An empty thank-you address is none: the built-in page.
    const none = await mutate(t.app, 'capture.create', { kind: 'form', name: 'Form', thankYouUrl: '' }, owner);
    expect(none.data.thankYouUrl).toBeNull();
  });

  it("revokes the company's own key only; the sub-admin alone manages keys", async () => {
    const a = await signedInCompany(t);
    const b = await signedInCompany(t);
    const key = (await mutate(t.app, 'capture.create', { kind: 'api', name: 'CRM' }, a.owner)).data;
    expect((await mutate(t.app, 'capture.revoke', { id: key.id }, b.owner)).status).toBe(404);
    expect((await query(t.app, 'capture.list', {}, b.owner)).data.items).toEqual([]);
    expect((await mutate(t.app, 'capture.revoke', { id: key.id }, a.caller)).status).toBe(403);
    expect((await query(t.app, 'capture.list', {}, a.caller)).status).toBe(403);
    expect((await mutate(t.app, 'capture.create', { kind: 'api', name: 'Mine' }, a.developer)).status).toBe(403);
    expect((await db().selectFrom('api_keys').select('revoked_at').where('id', '=', key.id).executeTakeFirstOrThrow()).revoked_at).toBeNull();

    expect((await mutate(t.app, 'capture.revoke', { id: key.id }, a.owner)).status).toBe(200);
    const revokedAt = (await query(t.app, 'capture.list', {}, a.owner)).data.items[0]!.revokedAt;
    expect(revokedAt).toEqual(expect.any(String));
    // Revoking again keeps the first date.
    expect((await mutate(t.app, 'capture.revoke', { id: key.id }, a.owner)).status).toBe(200);
    expect((await query(t.app, 'capture.list', {}, a.owner)).data.items[0]!.revokedAt).toBe(revokedAt);
  });

  it(`allows ${MAX_ACTIVE_CAPTURE_KEYS} active keys; a revoked one makes room; active keys are listed first`, async () => {
    const { owner } = await signedInCompany(t);
    const ids: number[] = [];
    for (let i = 0; i < MAX_ACTIVE_CAPTURE_KEYS; i++) ids.push((await mutate(t.app, 'capture.create', { kind: 'api', name: `Key ${i}` }, owner)).data.id);
    const over = await mutate(t.app, 'capture.create', { kind: 'api', name: 'One more' }, owner);
    expect(over.status).toBe(409);
    expect(over.error!.message).toBe('Your company has the most active keys it may have: revoke one first.');
    await mutate(t.app, 'capture.revoke', { id: ids[0] }, owner);
    expect((await mutate(t.app, 'capture.create', { kind: 'api', name: 'One more' }, owner)).status).toBe(200);
    const last = await query(t.app, 'capture.list', { page: 3, pageSize: 20 }, owner);
    expect(last.data.total).toBe(MAX_ACTIVE_CAPTURE_KEYS + 1);
    expect(last.data.items.at(-1)).toMatchObject({ id: ids[0], revokedAt: expect.any(String) });
  });

  it(`holds the limit of ${MAX_ACTIVE_CAPTURE_KEYS} active keys under 150 creations at once`, async () => {
    const { owner, company } = await signedInCompany(t);
    const answers = await Promise.all(Array.from({ length: 150 }, (_, i) => mutate(t.app, 'capture.create', { kind: 'api', name: `Key ${i}` }, owner)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(MAX_ACTIVE_CAPTURE_KEYS);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(150 - MAX_ACTIVE_CAPTURE_KEYS);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.error!.message).toBe('Your company has the most active keys it may have: revoke one first.');
    }
    const active = await db().selectFrom('api_keys').select('id').where('subadmin_id', '=', company.id).where('revoked_at', 'is', null).execute();
    expect(active).toHaveLength(MAX_ACTIVE_CAPTURE_KEYS);
  });
});
