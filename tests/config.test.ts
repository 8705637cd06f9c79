import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../server/config.js';

describe('configuration from the environment', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/app.db',
      uploadsDir: './uploads',
      backupDir: './backups',
      nodeEnv: 'development',
    });
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

  it('serves no metrics unless METRICS_TOKEN or METRICS_PORT says how', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_HOST: '0.0.0.0' }).metrics).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-enough-token' }).metrics).toEqual({ token: 'a-long-enough-token', port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ token: undefined, port: 9464, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'a-long-enough-token' }).metrics).toEqual({
      token: 'a-long-enough-token',
      port: 9464,
      host: '0.0.0.0',
    });
  });

  it('refuses new work when the event loop is a second late, unless told otherwise', () => {
    expect(loadConfig({}).overload).toEqual({ eventLoopDelayMs: 1000, eventLoopUtilization: 0, sampleIntervalMs: 1000, retryAfterSeconds: 10 });
    expect(
      loadConfig({
        OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
        OVERLOAD_EVENT_LOOP_UTILIZATION: '0.98',
        OVERLOAD_SAMPLE_INTERVAL_MS: '250',
        OVERLOAD_RETRY_AFTER_SECONDS: '30',
      }).overload,
    ).toEqual({ eventLoopDelayMs: 0, eventLoopUtilization: 0.98, sampleIntervalMs: 250, retryAfterSeconds: 30 });
  });

  it.each([
    [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN: must be at least 16 characters/],
    [{ METRICS_TOKEN: 'has a space in it somewhere' }, /METRICS_TOKEN: must not contain spaces/],
    [{ METRICS_PORT: 'metrics' }, /METRICS_PORT: must be a port number/],
    [{ METRICS_PORT: '70000' }, /METRICS_PORT: must be a port number/],
    [{ METRICS_PORT: '3000' }, /METRICS_PORT: must not be the same as PORT/],
    [{ PORT: '8080', METRICS_PORT: '8080' }, /METRICS_PORT: must not be the same as PORT/],
    [{ OVERLOAD_EVENT_LOOP_DELAY_MS: '-1' }, /OVERLOAD_EVENT_LOOP_DELAY_MS: must be 0 \(off\) or more/],
    [{ OVERLOAD_EVENT_LOOP_DELAY_MS: 'fast' }, /OVERLOAD_EVENT_LOOP_DELAY_MS: must be a number of milliseconds/],
    [{ OVERLOAD_EVENT_LOOP_UTILIZATION: '1' }, /OVERLOAD_EVENT_LOOP_UTILIZATION: must be below 1 \(0 turns it off\)/],
    [{ OVERLOAD_EVENT_LOOP_UTILIZATION: '-0.5' }, /OVERLOAD_EVENT_LOOP_UTILIZATION: must be between 0 \(off\) and 1/],
    [{ OVERLOAD_SAMPLE_INTERVAL_MS: '5' }, /OVERLOAD_SAMPLE_INTERVAL_MS: must be between 10 and 60000/],
    [{ OVERLOAD_RETRY_AFTER_SECONDS: '0' }, /OVERLOAD_RETRY_AFTER_SECONDS: must be between 1 and 300/],
    [{ OVERLOAD_RETRY_AFTER_SECONDS: '301' }, /OVERLOAD_RETRY_AFTER_SECONDS: must be between 1 and 300/],
  ])('refuses a bad metrics or overload setting with a clear error: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
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
