import { describe, expect, it } from 'vitest';
import { dialects, testAppFor } from './helpers/app.js';
import { signedInCompany } from './helpers/company.js';
import { mutate, query } from './helpers/http.js';

describe.each(dialects)('products on %s', (dialect) => {
  const t = testAppFor(dialect);
  const db = () => t.deps.db;

  const company = () => signedInCompany(t);
  const names = async (s: Parameters<typeof query>[3], input: Record<string, unknown> = {}) =>
    ((await query(t.app, 'products.list', { pageSize: 100, ...input }, s)).data.items as Array<{ name: string }>).map((p) => p.name);

  it('keeps the company list in paise, by name; telecallers read it, only the sub-admin changes it', async () => {
    const { owner, caller } = await company();
    const made = await mutate(t.app, 'products.create', { name: 'Website', price: '24,999.50', description: 'Five pages' }, owner);
    expect(made.status).toBe(200);
    await mutate(t.app, 'products.create', { name: 'Android app', price: 60000 }, owner);
    expect(await db().selectFrom('products').select(['price_paise', 'description']).where('id', '=', made.data.id).executeTakeFirstOrThrow()).toEqual({
      price_paise: 2499950,
      description: 'Five pages',
    });
    const list = await query(t.app, 'products.list', {}, caller);
    expect(list.data.items.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Android app', 60000],
      ['Website', 24999.5],
    ]);
    expect(await names(caller, { search: 'web' })).toEqual(['Website']);
    expect((await mutate(t.app, 'products.create', { name: 'Logo', price: 100 }, caller)).status).toBe(403);
    expect((await mutate(t.app, 'products.remove', { id: made.data.id }, caller)).status).toBe(403);
  });

  it('refuses a duplicate name, a bad price and a blank name, changing nothing', async () => {
    const { owner } = await company();
    await mutate(t.app, 'products.create', { name: 'SEO', price: 5000 }, owner);
    const dup = await mutate(t.app, 'products.create', { name: 'seo', price: 6000 }, owner);
    expect(dup.status).toBe(409);
    expect(dup.error!.message).toBe('A product with this name already exists.');
    const bad = await mutate(t.app, 'products.create', { name: 'Ads', price: '0' }, owner);
    expect(bad.error!.data.fieldErrors?.price).toBe('Price must be more than 0.');
    const blank = await mutate(t.app, 'products.create', { name: ' ', price: '10' }, owner);
    expect(blank.error!.data.fieldErrors?.name).toBe('Product name is required.');
    expect(await names(owner)).toEqual(['SEO']);
  });

  it('edits and removes; a removed name can be used again; another company cannot touch or see it', async () => {
    const a = await company();
    const b = await company();
    const id = (await mutate(t.app, 'products.create', { name: 'Hosting', price: 3000 }, a.owner)).data.id;
    expect((await mutate(t.app, 'products.update', { id, name: 'Hosting', price: 3500 }, b.owner)).status).toBe(404);
    expect((await mutate(t.app, 'products.remove', { id }, b.owner)).status).toBe(404);
    expect(await names(b.owner)).toEqual([]);
    expect((await mutate(t.app, 'products.update', { id, name: 'Hosting (yearly)', price: '3,500', description: 'One year' }, a.owner)).status).toBe(200);
    expect((await query(t.app, 'products.list', {}, a.caller)).data.items[0]).toMatchObject({ name: 'Hosting (yearly)', price: 3500, description: 'One year' });
    expect((await mutate(t.app, 'products.remove', { id }, a.owner)).status).toBe(200);
    expect(await names(a.owner)).toEqual([]);
    expect((await mutate(t.app, 'products.create', { name: 'Hosting (yearly)', price: 4000 }, a.owner)).status).toBe(200);
    expect((await mutate(t.app, 'products.update', { id, name: 'Old', price: 1 }, a.owner)).status).toBe(404);
  });
});
