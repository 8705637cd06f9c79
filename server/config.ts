import { z } from 'zod';

const booleanFlag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .default('sqlite:./data/app.db')
      .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), {
        message: 'must be sqlite:<path> or postgres://...',
      }),
    UPLOADS_DIR: z.string().min(1).default('./uploads'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    SEED_DEMO: booleanFlag.optional(),
    WEB_DIST_DIR: z.string().min(1).optional(),
    UPLOAD_MAX_MB: z.coerce.number().positive().max(2048).default(20),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  })
  .refine((env) => Boolean(env.ADMIN_EMAIL) === Boolean(env.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be given together',
    path: ['ADMIN_PASSWORD'],
  });

export type Config = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  uploadsDir: string;
  admin?: { email: string; password: string };
  /** undefined: decide from NODE_ENV and whether the database is empty */
  seedDemo?: boolean;
  logLevel: string;
  /** where the built web app is; defaults to web/dist */
  webDistDir?: string;
  /** the largest file an upload may carry */
  uploadMaxBytes: number;
};

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
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDistDir: e.WEB_DIST_DIR,
    uploadMaxBytes: Math.round(e.UPLOAD_MAX_MB * 1024 * 1024),
  };
}
