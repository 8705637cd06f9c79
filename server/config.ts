import os from 'node:os';
import { isIP } from 'node:net';
import { z } from 'zod';
import type { BucketLimit } from './services/capture/token-bucket.js';

/**
 * The browsers' own push services (Chrome and most Android browsers, Firefox, Edge, Safari): a
 * subscription pointing anywhere else is refused, or any signed-in user could make the server post to
 * a host of their choosing.
 */
export const DEFAULT_PUSH_SERVICE_HOSTS = 'fcm.googleapis.com,android.googleapis.com,updates.push.services.mozilla.com,.notify.windows.com,web.push.apple.com';

const booleanFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

export type TrustProxy = boolean | string[];

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** One entry of a TRUST_PROXY list: an address, an address/prefix, or a range name proxy-addr knows. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [addr, prefix, extra] = entry.split('/');
  const family = isIP(addr ?? '');
  if (!family || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** Which proxies may tell the client's address (X-Forwarded-For) and protocol: none unless told. */
const trustProxySetting = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    const lower = v.toLowerCase();
    if (lower === 'false' || lower === '0') return false;
    if (lower === 'true' || lower === '1') return true;
    if (/^\d+$/.test(v)) {
      // Fastify 5 ignores a hop count (it cannot tell the proxy from a client that adds hops).
      ctx.addIssue({ code: 'custom', message: "a hop count is not supported: give the proxy's address or range (such as 172.17.0.1 or 10.0.0.0/8), or true" });
      return z.NEVER;
    }
    const entries = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    const bad = entries.find((e) => !isProxyAddress(e));
    if (entries.length && bad === undefined) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        /[.:/,]/.test(v) && bad !== undefined
          ? `"${bad}" is not an address, a CIDR range (such as 10.0.0.0/8) or loopback/linklocal/uniquelocal`
          : 'must be true, false, or a comma-separated list of proxy addresses or CIDR ranges (such as 172.17.0.1 or 10.0.0.0/8)',
    });
    return z.NEVER;
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/app.db')
      .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), { message: 'must be sqlite:<path> or postgres://...' }),
    UPLOADS_DIR: z.string().min(1).default('./uploads'),
    BACKUP_DIR: z.string().min(1).default('./backups'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    UPLOAD_MAX_MB: z.coerce.number().positive().max(2048).default(20),
    IMAGE_MAX_MB: z.coerce.number().positive().max(100).default(5),
    VIDEO_MAX_MB: z.coerce.number().positive().max(2048).default(200),
    INDIAMART_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    CALLBACK_ALERT_CHECK_SECONDS: z.coerce.number().int().min(1).max(600).default(60),
    PUSH_SERVICE_HOSTS: z.string().min(1).default(DEFAULT_PUSH_SERVICE_HOSTS),
    PUSH_CONTACT: z
      .string()
      .refine((v) => /^(mailto:\S+@\S+|https:\/\/\S+)$/.test(v), { message: 'must be mailto:<address> or an https:// address' })
      .optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySetting.optional(),
    INSTANCE_ID: z.string().min(1).max(200).optional(),
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3600),
    HEADERS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(72),
    MAX_CONNECTIONS: z.coerce
      .number({ error: 'must be a number of connections' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(1_000_000)
      .optional(),
    BODY_MIN_BYTES_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(500),
    BODY_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    KEPT_READS_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    CAPTURE_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    CAPTURE_RATE_BURST: z.coerce.number().int().min(1).max(1_000_000).default(100),
    CAPTURE_FORM_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(5),
    METRICS_TOKEN: z
      .string()
      .min(16, 'must be at least 16 characters')
      .max(512, 'must be at most 512 characters')
      .regex(/^\S+$/, 'must not contain spaces')
      .optional(),
    METRICS_PORT: z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a port number')
      .min(0, 'must be a port number')
      .max(65535, 'must be a port number')
      .optional(),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    OVERLOAD_EVENT_LOOP_DELAY_MS: z.coerce
      .number({ error: 'must be a number of milliseconds (0 turns it off)' })
      .int('must be a whole number of milliseconds')
      .min(0, 'must be 0 (off) or more')
      .max(60_000, 'must be at most 60000')
      .default(1000),
    PUBLIC_URL: z
      .string()
      .trim()
      .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be the address people and providers reach this server at, such as https://crm.example.com')
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
    SECRET_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9+/]{43}=?$/, 'must be 32 bytes in base64 (openssl rand -base64 32)')
      .optional(),
    SECRET_KEY_FILE: z.string().min(1).default('./data/secret.key'),
    EXOTEL_API_URL: z.url({ message: 'must be an http(s) address' }).optional(),
    TWILIO_API_URL: z.url({ message: 'must be an http(s) address' }).optional(),
    OVERLOAD_EVENT_LOOP_UTILIZATION: z.coerce
      .number({ error: 'must be a number between 0 and 1' })
      .min(0, 'must be between 0 (off) and 1')
      .lt(1, 'must be below 1 (0 turns it off)')
      .default(0),
    OVERLOAD_SAMPLE_INTERVAL_MS: z.coerce
      .number({ error: 'must be a number of milliseconds' })
      .int('must be a whole number of milliseconds')
      .min(10, 'must be between 10 and 60000')
      .max(60_000, 'must be between 10 and 60000')
      .default(1000),
    OVERLOAD_RETRY_AFTER_SECONDS: z.coerce
      .number({ error: 'must be a number of seconds' })
      .int('must be a whole number of seconds')
      .min(1, 'must be between 1 and 300')
      .max(300, 'must be between 1 and 300')
      .default(10),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be given together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((env) => env.HEADERS_TIMEOUT_SECONDS <= env.REQUEST_TIMEOUT_SECONDS, {
    message: 'must not be longer than REQUEST_TIMEOUT_SECONDS',
    path: ['HEADERS_TIMEOUT_SECONDS'],
  })
  .refine((env) => env.METRICS_PORT === undefined || env.METRICS_PORT === 0 || env.METRICS_PORT !== env.PORT, {
    message: 'must not be the same as PORT (leave it unset to serve /metrics on PORT with METRICS_TOKEN)',
    path: ['METRICS_PORT'],
  });

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  uploadsDir: string;
  /** where `npm run backup` puts a backup when no folder is given */
  backupDir: string;
  admin?: { email: string; password: string };
  /** undefined: decide from NODE_ENV and whether the database is empty */
  seedDemo?: boolean;
  logLevel: string;
  /** where the built web app is; defaults to web/dist */
  webDistDir?: string;
  /** the largest file an upload may carry */
  uploadMaxBytes: number;
  /** the largest image and video a page may upload (banners, demos, tasks) */
  imageMaxBytes: number;
  videoMaxBytes: number;
  /** Fastify's trustProxy: false, true (every hop), or the proxies' addresses and ranges */
  trustProxy: TrustProxy;
  /** how often the IndiaMART scheduler looks for companies due a pull */
  indiamartCheckMs: number;
  /** how often due callbacks are looked for, to alert their telecallers */
  callbackAlertCheckMs: number;
  /** the VAPID subject push services may contact about this server's Web Push messages */
  pushContact: string;
  /** the hosts a browser's push subscription may point at (a leading '.' allows a domain's subdomains) */
  pushServiceHosts: string[];
  /** names this instance among those sharing a database: the same after a restart, another's on each other instance */
  instanceId: string;
  /** how long a client may take to send a request (headers and body), its headers, and how long an idle keep-alive connection stays open */
  timeouts: { requestMs: number; headersMs: number; keepAliveMs: number };
  /** client connections held at once; unset: from the process's open-file limit (server/http/connection-cap.ts) */
  maxConnections?: number;
  /** a request body averaging less than this over a window is cut; 0 turns that off */
  slowBody: { minBytesPerSecond: number; windowMs: number };
  /** lead capture (docs/lead-capture.md): requests per API key, and website form posts per address */
  capture: { perKey: BucketLimit; formPerAddress: BucketLimit };
  /** how long a read of sessions and company rules is kept, unless this server writes them first (docs/architecture.md#kept-reads) */
  keptReadsMs: number;
  /** Prometheus metrics at /metrics: null (the default) serves none */
  metrics: MetricsConfig | null;
  /** when the event loop is this late (or busy), new requests get 503 with Retry-After; a 0 turns its check off */
  overload: OverloadConfig;
  /** the server's key for secrets kept at rest (a provider's credentials): given, or read from (made in) a file */
  secretKey: { base64?: string; file: string };
  /** cloud telephony (docs/telephony.md) */
  telephony: TelephonyConfig;
};

export interface TelephonyConfig {
  /** the address providers send callbacks to; unset: calls through a provider cannot be turned on */
  publicUrl?: string;
  /** replaces the Exotel cluster's API address (a stand-in, a staging proxy) */
  exotelApiUrl?: string;
  /** replaces https://api.twilio.com */
  twilioApiUrl?: string;
}

export interface MetricsConfig {
  /** asked of every scrape as `Authorization: Bearer <token>`; without a port, /metrics is served on the main port */
  token?: string;
  /** a listener of its own for /metrics (0: any free port) */
  port?: number;
  host: string;
}

export interface OverloadConfig {
  eventLoopDelayMs: number;
  /** 0..1 over each sample interval */
  eventLoopUtilization: number;
  sampleIntervalMs: number;
  retryAfterSeconds: number;
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    uploadsDir: e.UPLOADS_DIR,
    backupDir: e.BACKUP_DIR,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
    imageMaxBytes: Math.round(e.IMAGE_MAX_MB * 1024 * 1024),
    videoMaxBytes: Math.round(e.VIDEO_MAX_MB * 1024 * 1024),
    trustProxy: e.TRUST_PROXY ?? false,
    indiamartCheckMs: e.INDIAMART_CHECK_SECONDS * 1000,
    callbackAlertCheckMs: e.CALLBACK_ALERT_CHECK_SECONDS * 1000,
    pushServiceHosts: e.PUSH_SERVICE_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    pushContact: e.PUSH_CONTACT ?? `mailto:${e.ADMIN_EMAIL?.toLowerCase() ?? 'admin@localhost'}`,
    instanceId: e.INSTANCE_ID ?? `${os.hostname()}:${e.PORT}`,
    timeouts: { requestMs: e.REQUEST_TIMEOUT_SECONDS * 1000, headersMs: e.HEADERS_TIMEOUT_SECONDS * 1000, keepAliveMs: e.KEEP_ALIVE_TIMEOUT_SECONDS * 1000 },
    maxConnections: e.MAX_CONNECTIONS,
    slowBody: { minBytesPerSecond: e.BODY_MIN_BYTES_PER_SECOND, windowMs: e.BODY_RATE_WINDOW_SECONDS * 1000 },
    capture: {
      perKey: { perMinute: e.CAPTURE_RATE_PER_MINUTE, burst: e.CAPTURE_RATE_BURST },
      formPerAddress: { perMinute: e.CAPTURE_FORM_PER_MINUTE, burst: e.CAPTURE_FORM_PER_MINUTE },
    },
    keptReadsMs: e.KEPT_READS_SECONDS * 1000,
    metrics: e.METRICS_TOKEN !== undefined || e.METRICS_PORT !== undefined ? { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST } : null,
    overload: {
      eventLoopDelayMs: e.OVERLOAD_EVENT_LOOP_DELAY_MS,
      eventLoopUtilization: e.OVERLOAD_EVENT_LOOP_UTILIZATION,
      sampleIntervalMs: e.OVERLOAD_SAMPLE_INTERVAL_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    secretKey: { base64: e.SECRET_KEY, file: e.SECRET_KEY_FILE },
    telephony: { publicUrl: e.PUBLIC_URL, exotelApiUrl: e.EXOTEL_API_URL?.replace(/\/+$/, ''), twilioApiUrl: e.TWILIO_API_URL?.replace(/\/+$/, '') },
  };
}
