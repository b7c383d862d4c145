import { z } from 'zod';
import { FIND_ME_THRESHOLD_DEFAULT } from '@afterglow/contracts';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** OpenTelemetry's standard variables that Afterglow reads (the SDK reads its other OTEL_* itself). */
export const telemetryConfigSchema = z.object({
  /** overrides the service name (default `afterglow`, or `afterglow-<target>`) */
  OTEL_SERVICE_NAME: optionalText,
  OTEL_SDK_DISABLED: z
    .string()
    .optional()
    .transform((v) => v !== undefined && ['true', '1', 'yes'].includes(v.trim().toLowerCase())),
  /** OTLP/HTTP: `<endpoint>/v1/traces` and `/v1/metrics`, unless a signal has its own endpoint */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalText,
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalText,
  OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: optionalText,
  /** `none` turns that signal's export off */
  OTEL_TRACES_EXPORTER: optionalText,
  OTEL_METRICS_EXPORTER: optionalText,
  /** milliseconds between metric exports (0: the SDK's default) */
  OTEL_METRIC_EXPORT_INTERVAL: z.coerce.number().int().min(0).default(0),
});
export type TelemetryConfig = z.infer<typeof telemetryConfigSchema>;

/** Settings every service reads (convention 2: env only, parsed once, fail fast). */
/** A comma-separated list of http(s) URLs (empty: none). */
const urlList = (name: string) =>
  z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ protocol: /^https?$/, error: `${name} must list http(s) origins` })));

export const baseConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** the services this process runs when the command line names none (`--target`) */
  AFTERGLOW_TARGET: z.preprocess((v) => v || undefined, z.string().default('all')),
  PUBLIC_URL: optionalText,
  /** more origins people reach Afterglow at (a reverse proxy or tunnel), comma-separated */
  AFTERGLOW_ORIGINS: urlList('AFTERGLOW_ORIGINS'),
  /** `self-signed`: serve HTTPS on PORT with a certificate made once into the data dir */
  AFTERGLOW_HTTPS: z.preprocess((v) => v || undefined, z.enum(['off', 'self-signed']).default('off')),
  AFTERGLOW_DATA_DIR: z.string().default('./data'),
  /** where the built web apps are (frontends/<app>/dist); the built server sets it to its source tree's */
  AFTERGLOW_WEB_DIR: optionalText,
  /** where the services' SQL migrations are; the built server sets it to the ones beside it */
  AFTERGLOW_MIGRATIONS_DIR: optionalText,
  AFTERGLOW_SECRET: z.string().min(32, 'AFTERGLOW_SECRET must be at least 32 characters').optional(),
  AFTERGLOW_ADMIN_EMAILS: z.string().default(''),
  DATABASE_URL: optionalText,
  NATS_URL: optionalText,
  /** namespace for every bus subject, when several deployments share one NATS server */
  NATS_SUBJECT_PREFIX: optionalText,
  NATS_STREAM: optionalText,
  REDIS_URL: optionalText,
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
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
  S3_PUBLIC_ENDPOINT: optionalText,
  OIDC_ISSUER_URL: optionalText,
  OIDC_CLIENT_ID: optionalText,
  OIDC_CLIENT_SECRET: optionalText,
  /** the identity provider's role that makes a user a platform admin (Keycloak realm role, `roles` claim) */
  OIDC_ADMIN_ROLE: z.preprocess((v) => v || undefined, z.string().trim().default('admin')),
  /** where services run when they are not in this process (distributed mode; read by the gateway) */
  AFTERGLOW_EVENTS_URL: optionalText,
  AFTERGLOW_PHOTOS_URL: optionalText,
  AFTERGLOW_REALTIME_URL: optionalText,
  AFTERGLOW_ADMIN_URL: optionalText,
  AFTERGLOW_BILLING_URL: optionalText,
  AFTERGLOW_NOTIFY_URL: optionalText,
  /**
   * Stripe (ADR 024): all three, or none for the offline test mode (no card is charged). The webhook
   * secret is the endpoint's signing secret (`whsec_…`, or what `stripe listen` prints).
   */
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** photos stored this long without renditions are sent to developing again (a lost job) */
  PHOTOS_REDRIVE_AFTER_MS: z.coerce.number().int().min(0).default(180_000),
  /** renditions the media worker develops at once; 0: one a core (one fewer beside the web services) */
  MEDIA_CONCURRENCY: z.coerce.number().int().min(0).default(0),
  /** clips the media worker develops at once, beside its photos (ADR 033) */
  AFTERGLOW_CLIP_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  /** the ffmpeg that checks and develops clips; unset: the one `npm install` brings (ADR 033) */
  FFMPEG_PATH: optionalText,
  /** ffmpeg's threads for one clip; 0: every core but one, so photos keep one */
  AFTERGLOW_CLIP_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /**
   * the AI safety filter's score (0..1) at or above which a photo is held for the host's review
   * (plans with the filter; ADR 027); above 1 holds nothing the classifier scores
   */
  AFTERGLOW_AI_FILTER_THRESHOLD: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().min(0).default(0.7),
  ),
  /**
   * Find Me (ADR 036): the largest distance between a selfie's face and a photo's face taken as the
   * same person (face-api's descriptors; smaller finds fewer wrong people and misses more photos)
   */
  AFTERGLOW_FIND_ME_THRESHOLD: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number().gt(0).max(2).default(FIND_ME_THRESHOLD_DEFAULT),
  ),
  /** the most one part of a ZIP export holds, in MiB; under 4 GiB, so no part needs ZIP64 (ADR 016) */
  AFTERGLOW_EXPORT_PART_MB: z.coerce.number().int().min(1).max(4000).default(2048),
  /** multiplies every rate limit (0 turns them off, e.g. for load tests) */
  RATE_LIMIT_SCALE: z.coerce.number().min(0).default(1),
  /** event lookups answered 404 that one address may cause per window before its lookups answer 429 (0: no limit) */
  /**
   * Where e-mail goes (ADR 035): `smtp://user:pass@host:587` (STARTTLS where offered) or
   * `smtps://user:pass@host:465`. Unset: messages are kept as .eml files under the data dir.
   */
  SMTP_URL: z.preprocess(
    (v) => v || undefined,
    z.url({ protocol: /^smtps?$/, error: 'SMTP_URL must be smtp://… or smtps://…' }).optional(),
  ),
  /** the sender of every message; default `Afterglow <no-reply@<PUBLIC_URL's host>>` */
  MAIL_FROM: optionalText,
  /** seconds between a failed send's first retry and the next (doubling, at most an hour) */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).default(30),
  /**
   * Web Push (ADR 035): the VAPID key pair, base64url (`npx web-push generate-vapid-keys`). Unset: made
   * once into the data dir. Both or neither.
   */
  WEB_PUSH_PUBLIC_KEY: optionalText,
  WEB_PUSH_PRIVATE_KEY: optionalText,
  /** more origins push subscriptions may point at (tests, private deployments; plain http allowed there) */
  AFTERGLOW_PUSH_ORIGINS: urlList('AFTERGLOW_PUSH_ORIGINS').transform((v) => v.map((u) => new URL(u).origin)),
  LOOKUP_MISS_LIMIT: z.coerce.number().int().min(0).default(40),
  LOOKUP_MISS_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** readable lines on a terminal, JSON otherwise; `json` or `pretty` forces one */
  LOG_FORMAT: z.preprocess((v) => v || undefined, z.enum(['json', 'pretty']).optional()),
  ...telemetryConfigSchema.shape,
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

/** Settings whose values are secrets: shown only as set or not. */
const SECRET_SETTINGS = new Set([
  'AFTERGLOW_SECRET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'OIDC_CLIENT_SECRET',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'WEB_PUSH_PRIVATE_KEY',
]);
/** `postgres://user:pw@host/db` → `postgres://user:••••••••@host/db`: a URL's password is a secret too. */
const maskUrlPassword = (v: string, mask: string) =>
  v.replace(/^([a-z][a-z0-9+.-]*:\/\/[^:/@]*:)[^@]*@/i, `$1${mask}@`);

export interface SettingView {
  key: string;
  value: string | null;
  secret: boolean;
  /** `environment`: set to something other than the built-in default */
  source: 'environment' | 'default';
}

const shown = (v: unknown): string | null =>
  v === undefined || v === null || v === '' ? null : Array.isArray(v) ? v.join(',') : String(v);

/**
 * The configuration in effect, for the back office's System Settings: every setting of the schema,
 * its parsed value (lists joined with commas), whether it differs from the built-in default, and
 * never a secret's value: secrets show `mask` when set (null when not), and passwords inside URLs
 * are masked.
 */
export function describeConfig(
  config: Record<string, unknown>,
  mask: string,
  schema: z.ZodObject = baseConfigSchema,
): SettingView[] {
  const defaults = schema.parse({}) as Record<string, unknown>;
  return Object.keys(schema.shape)
    .sort()
    .map((key) => {
      const text = shown(config[key]);
      const secret = SECRET_SETTINGS.has(key);
      const value = text === null ? null : secret ? mask : maskUrlPassword(text, mask);
      return { key, value, secret, source: text === shown(defaults[key]) ? 'default' : 'environment' };
    });
}
