import { z } from 'zod';
import './jitless';

/** RFC 9457 problem details, the only error shape that leaves a service. */
export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  code: z.string(),
  traceId: z.string().optional(),
  /** the spec's clients read `error` from failed uploads: it repeats `detail` */
  error: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type Problem = z.infer<typeof problemSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function statusTitle(status: number): string {
  return TITLES[status] ?? 'Error';
}

/** The media type of every error body. */
export const PROBLEM_TYPE = 'application/problem+json';

/**
 * The one builder of problem+json bodies: every error that leaves a process (the error middleware,
 * the launcher's answers while starting and to unreadable requests) is made here.
 */
export function problem(
  status: number,
  code: string,
  detail: string,
  extra: { traceId?: string | undefined; errors?: FieldError[] | undefined } = {},
): Problem {
  return {
    type: `https://afterglow.app/problems/${code}`,
    title: statusTitle(status),
    status,
    detail,
    error: detail,
    code,
    ...(extra.traceId ? { traceId: extra.traceId } : {}),
    ...(extra.errors ? { errors: extra.errors } : {}),
  };
}

/** Thrown anywhere in a request; the error middleware turns it into problem+json. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'HttpError';
  }

  toProblem(traceId?: string): Problem {
    return problem(this.status, this.code, this.message, { traceId, errors: this.errors });
  }
}

export const badRequest = (message: string, code = 'bad_request', errors?: FieldError[]) =>
  new HttpError(400, code, message, errors);
export const unauthorized = (message = 'Sign in required') => new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'You are not allowed to do this', code = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found', code = 'not_found') => new HttpError(404, code, message);
export const conflict = (message: string, code = 'conflict') => new HttpError(409, code, message);

/** Turns zod issues into our field errors; the first message becomes the detail. */
export function validationError(error: z.ZodError, code = 'validation_failed'): HttpError {
  const errors = error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  return new HttpError(400, code, errors[0]?.message ?? 'Invalid request', errors);
}

/** Parses or throws a 400 HttpError carrying every field message. */
export function parseOr400<S extends z.ZodType>(schema: S, data: unknown): z.infer<S> {
  const r = schema.safeParse(data);
  if (!r.success) throw validationError(r.error);
  return r.data;
}

const UNAVAILABLE_CODES = new Set([
  // sockets: the peer is gone, restarting or unreachable
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  // PostgreSQL: shutting down, crashed, starting up, out of connections
  '57P01',
  '57P02',
  '57P03',
  '53300',
  // the bus: nobody answered in time
  'no_responders',
  'timeout',
  'unavailable',
]);

/** node-postgres reports a lost or refused connection in words only. */
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when an error says a dependency (database, bus, storage) is away for the moment rather than
 * that the request is wrong: the caller should answer 503 and the client may try again. Wrapped
 * errors (drizzle, the S3 SDK, bus replies) are followed through their `cause`.
 */
export function isUnavailableError(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; depth < 5 && e && typeof e === 'object'; depth++) {
    const o = e as {
      code?: unknown;
      status?: unknown;
      message?: unknown;
      cause?: unknown;
      $metadata?: { httpStatusCode?: unknown };
    };
    if (typeof o.code === 'string' && (UNAVAILABLE_CODES.has(o.code) || o.code.startsWith('08'))) return true;
    if (o.status === 503) return true;
    // an AWS SDK error: the store itself answered 5xx (S3's 503 SlowDown, 500 InternalError)
    const s3 = o.$metadata?.httpStatusCode;
    if (typeof s3 === 'number' && s3 >= 500) return true;
    if (typeof o.message === 'string' && UNAVAILABLE_MESSAGE.test(o.message)) return true;
    e = o.cause;
  }
  return false;
}

export const unavailable = (
  message = 'The service is temporarily unavailable, please try again',
  code = 'unavailable',
) => new HttpError(503, code, message);
