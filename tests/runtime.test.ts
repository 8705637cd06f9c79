import { describe, expect, it } from 'vitest';
import { checkNodeVersion } from '../server/runtime.js';
import { sqliteDriver } from '../server/db/sqlite-driver.js';

describe('Node.js runtime check', () => {
  it.each([
    ['v20.19.0', 'better-sqlite3-node20'],
    ['v20.20.2', 'better-sqlite3-node20'],
    ['v22.14.0', 'better-sqlite3'],
    ['v22.21.1', 'better-sqlite3'],
    ['v24.21.0', 'better-sqlite3'],
    ['v26.1.0', 'better-sqlite3'],
  ])('runs on %s with %s', (version, pkg) => {
    expect(checkNodeVersion(version)).toEqual({ ok: true, sqlitePackage: pkg });
  });

  it.each(['v18.20.8', 'v20.18.3', 'v21.7.3', 'v22.13.1', 'v22.0.0'])('refuses %s with a message naming the versions', (version) => {
    const check = checkNodeVersion(version);
    expect(check.ok).toBe(false);
    expect(check.message).toBe(`Node.js ${version} is not supported: use Node.js 20.19+, 22.14+ or 24+ (22 or 24 LTS recommended).`);
  });

  it('loads the SQLite driver built for the running Node.js', () => {
    const { Database, path } = sqliteDriver();
    const expected = checkNodeVersion(process.version).sqlitePackage!;
    expect(path).toContain(`/node_modules/${expected}/`);
    const db = new Database(':memory:');
    expect(db.prepare('select 1 + 1 as two').get()).toEqual({ two: 2 });
    db.close();
  });
});
