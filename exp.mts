import pg from 'pg';
import { sql } from 'kysely';
import { createDatabase } from './server/db/database.ts';
import { migrateToLatest } from './server/db/migrate.ts';
const url = 'postgres://postgres@127.0.0.1:5432/test';
const c = new pg.Client({ connectionString: url }); await c.connect();
await c.query('drop schema if exists exp cascade; create schema exp');
const d = createDatabase(url, { pgSchema: 'exp' }); await migrateToLatest(d.db, 'postgres', 'exp');
const now = new Date().toISOString();
const co = await d.db.insertInto('subadmins').values({ name: 'B', email: 'b@b', password_hash: 'x', telecaller_creat_limit: 100, company_name: 'B', mobile: '9000000000', expiry_date: '2099-12-31', gst: '', company_bio: '', address: '', is_blocked: 0, time_zone: 'Asia/Kolkata', created_at: now, updated_at: now, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
const ids: number[] = [];
for (let i = 0; i < 10; i++) ids.push((await d.db.insertInto('users').values({ subadmin_id: co.id, name: 'C' + i, email: `c${i}@b`, mobile: `80000000${i}0`, password_hash: 'x', user_type: 'Telicaller', is_blocked: 0, created_at: now, updated_at: now, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id);
await sql`insert into leads (subadmin_id, batch_id, visible, source_ref, name, mobile, requirement, area, category, upload_date, telicaller_id, telicaller_send_date, status, created_at, updated_at)
 select ${co.id}, null, 1, null, 'Lead ' || g, (7000000000 + g)::text, 'Needs a website', 'Pune', (array['IndiaMART','JustDial','Local Leads'])[g / 5000 % 3 + 1], ts,
 case when g < 300000 then (array[${sql.raw(ids.join(','))}]::int[])[g % 10 + 1] end, case when g < 300000 then ts end, case when g < 300000 and g % 5 <> 0 then '2' else '0' end, ts, ts
 from (select g, to_char(timestamp '2024-01-01' + g * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as ts from generate_series(0, 999999) g) s`.execute(d.db);
await sql`analyze leads`.execute(d.db);
console.log('company', co.id, 'users', ids.join(','));
await d.close(); await c.end();
