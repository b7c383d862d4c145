import { z } from 'zod';

const optionalUrl = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** Settings every service reads (convention 2: env only, parsed once, fail fast). */
export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalUrl,
  /** more origins people reach Afterglow at (a reverse proxy or tunnel), comma-separated */
  AFTERGLOW_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: 'AFTERGLOW_ORIGINS must list http(s) origins' }))),
  /** `self-signed`: serve HTTPS on PORT with a certificate made once into the data dir */
  AFTERGLOW_HTTPS: z.preprocess((v) => v || undefined, z.enum(['off', 'self-signed']).default('off')),
  AFTERGLOW_DATA_DIR: z.string().default('./data'),
  /** where the built web apps are (frontends/<app>/dist) */
  AFTERGLOW_WEB_DIR: optionalUrl,
  AFTERGLOW_SECRET: z.string().min(32, 'AFTERGLOW_SECRET must be at least 32 characters').optional(),
  AFTERGLOW_ADMIN_EMAILS: z.string().default(''),
  DATABASE_URL: optionalUrl,
  NATS_URL: optionalUrl,
  /** namespace for every bus subject, when several deployments share one NATS server */
  NATS_SUBJECT_PREFIX: optionalUrl,
  NATS_STREAM: optionalUrl,
  REDIS_URL: optionalUrl,
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalUrl,
  S3_SECRET_ACCESS_KEY: optionalUrl,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** serve images by redirecting to short-lived S3 presigned GET URLs (after our own signature check) */
  S3_PRESIGN_IMAGES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** the bucket's endpoint as browsers reach it, when it differs from S3_ENDPOINT */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  OIDC_ISSUER_URL: optionalUrl,
  OIDC_CLIENT_ID: optionalUrl,
  OIDC_CLIENT_SECRET: optionalUrl,
  /** where services run when they are not in this process (distributed mode; read by the gateway) */
  AFTERGLOW_EVENTS_URL: optionalUrl,
  AFTERGLOW_PHOTOS_URL: optionalUrl,
  AFTERGLOW_REALTIME_URL: optionalUrl,
  AFTERGLOW_BILLING_URL: optionalUrl,
  AFTERGLOW_ADMIN_URL: optionalUrl,
  /** multiplies every rate limit (0 turns them off, e.g. for load tests) */
  /** photos stored this long without renditions are sent to developing again (a lost job) */
  PHOTOS_REDRIVE_AFTER_MS: z.coerce.number().int().min(0).default(180_000),
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /** event lookups answered 404 that one address may cause per window before its lookups answer 429 (0: no limit) */
  LOOKUP_MISS_LIMIT: z.coerce.number().int().min(0).default(40),
  LOOKUP_MISS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** readable lines on a terminal, JSON otherwise; `json` or `pretty` forces one */
  LOG_FORMAT: z.preprocess((v) => v || undefined, z.enum(['json', 'pretty']).optional()),
});
export type BaseConfig = z.infer<typeof baseConfigSchema>;

export class ConfigError extends Error {}

/** Parses env with the schema; throws one readable message naming every bad variable. */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const r = schema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new ConfigError(`Invalid configuration:\n${lines}`);
  }
  return r.data;
}
