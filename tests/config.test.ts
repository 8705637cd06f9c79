import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../server/config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '127.0.0.1', databaseUrl: 'sqlite:./data/app.db', uploadsDir: './uploads', nodeEnv: 'development' });
    expect(c.admin).toBeUndefined();
    expect(c.seedDemo).toBeUndefined();
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u@db:5432/app',
      UPLOADS_DIR: '/data/uploads',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough',
      SEED_DEMO: '0',
      NODE_ENV: 'production',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db:5432/app',
      uploadsDir: '/data/uploads',
      seedDemo: false,
      nodeEnv: 'production',
    });
    expect(c.admin).toEqual({ email: 'boss@example.com', password: 'long-enough' });
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1 , 172.16.0.0/12,loopback,::1,fd00::/8' }).trustProxy).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'loopback',
      '::1',
      'fd00::/8',
    ]);
  });

  it('bounds how long a client may take, with defaults a slow phone upload survives', () => {
    // 20 MB at 8 kB/s (a poor 2G link) takes 44 minutes, and averages 16 times the least rate; one byte every 5 s, 0.2 B/s.
    expect(loadConfig({})).toMatchObject({
      timeouts: { requestMs: 3_600_000, headersMs: 30_000, keepAliveMs: 72_000 },
      slowBody: { minBytesPerSecond: 500, windowMs: 60_000 },
    });
    expect(
      loadConfig({
        REQUEST_TIMEOUT_SECONDS: '600',
        HEADERS_TIMEOUT_SECONDS: '10',
        KEEP_ALIVE_TIMEOUT_SECONDS: '5',
        BODY_MIN_BYTES_PER_SECOND: '0',
        BODY_RATE_WINDOW_SECONDS: '30',
      }),
    ).toMatchObject({ timeouts: { requestMs: 600_000, headersMs: 10_000, keepAliveMs: 5_000 }, slowBody: { minBytesPerSecond: 0, windowMs: 30_000 } });
  });

  it.each([
    [{ REQUEST_TIMEOUT_SECONDS: '0' }, /REQUEST_TIMEOUT_SECONDS/],
    [{ REQUEST_TIMEOUT_SECONDS: '20', HEADERS_TIMEOUT_SECONDS: '30' }, /HEADERS_TIMEOUT_SECONDS: must not be longer than REQUEST_TIMEOUT_SECONDS/],
    [{ KEEP_ALIVE_TIMEOUT_SECONDS: 'soon' }, /KEEP_ALIVE_TIMEOUT_SECONDS/],
    [{ BODY_MIN_BYTES_PER_SECOND: '-1' }, /BODY_MIN_BYTES_PER_SECOND/],
    [{ BODY_RATE_WINDOW_SECONDS: '0' }, /BODY_RATE_WINDOW_SECONDS/],
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL: must be sqlite:<path> or postgres:\/\/\.\.\./],
    [{ ADMIN_EMAIL: 'a@b.co' }, /ADMIN_EMAIL and ADMIN_PASSWORD must be given together/],
    [{ ADMIN_EMAIL: 'not-an-email', ADMIN_PASSWORD: 'long-enough' }, /ADMIN_EMAIL/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD: must be at least 8 characters/],
    [{ SEED_DEMO: 'yes' }, /SEED_DEMO/],
    [{ NODE_ENV: 'staging' }, /NODE_ENV/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY: must be true, false, or a comma-separated list of proxy addresses or CIDR ranges/],
    [{ TRUST_PROXY: '2' }, /TRUST_PROXY: a hop count is not supported/],
    [{ TRUST_PROXY: '10.0.0.1, 300.1.1.1' }, /TRUST_PROXY: "300\.1\.1\.1" is not an address/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY: "10\.0\.0\.0\/33" is not an address/],
  ])('refuses a bad value with a clear error: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
