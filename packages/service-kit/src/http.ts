import type { OriginPolicy } from './origins';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import {
  HttpError,
  PROBLEM_TYPE,
  isUnavailableError,
  notFound,
  statusTitle,
  unavailable,
  validationError,
} from '@afterglow/contracts';
import type { ObjectStore } from '@afterglow/storage';
import { ZodError } from 'zod';
import { requestLanguage, translateProblem } from './i18n';
import type { Logger } from './logger';

/** For stored uploads: no scripts, no plugins, no requests, a sandboxed origin, never framed. */
export const USER_CONTENT_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** Seconds a client should wait before trying again after a 503 (a dependency coming back). */
export const RETRY_AFTER_UNAVAILABLE_S = 5;

/** The problem+json answer for `err`, in the language of the request it answers (English as thrown). */
export function sendProblem(res: Response, err: HttpError, traceId?: string): void {
  if (res.headersSent) return;
  if (err.status === 503 && !res.getHeader('Retry-After'))
    res.setHeader('Retry-After', String(RETRY_AFTER_UNAVAILABLE_S));
  const lang = res.req ? requestLanguage(res.req) : 'en';
  res
    .status(err.status)
    .type(PROBLEM_TYPE)
    .setHeader('Content-Language', lang)
    .send(JSON.stringify(translateProblem(err.toProblem(traceId), lang)));
}

export function traceIdOf(req: Request): string | undefined {
  const tp = req.headers.traceparent;
  const v = Array.isArray(tp) ? tp[0] : tp;
  return v?.split('-')[1];
}

/** The last middleware: every error becomes problem+json; nothing internal leaks. */
export function problemHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    let http: HttpError;
    const fault = clientFault(err);
    if (err instanceof HttpError) http = err;
    else if (err instanceof ZodError) http = validationError(err);
    else if (err && typeof err === 'object' && 'type' in err && err.type === 'entity.parse.failed')
      http = new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
    else if (err && typeof err === 'object' && 'type' in err && err.type === 'entity.too.large')
      http = new HttpError(413, 'payload_too_large', 'The request body is too large');
    else if (fault) http = fault;
    else if (isUnavailableError(err)) {
      logger.warn({ err: String(err), path: req.path }, 'dependency unavailable');
      http = unavailable();
    } else {
      logger.error({ err, path: req.path, method: req.method }, 'unhandled error');
      http = new HttpError(500, 'internal', 'Something went wrong on our side');
    }
    sendProblem(res, http, traceIdOf(req));
  };
}

/**
 * What body-parser and the router name the request's own faults (they carry a 4xx status). Each makes
 * its HttpError where its words are written, so the catalogue tool finds them (the `problems` domain).
 */
const CLIENT_FAULTS: Record<string, (status: number) => HttpError> = {
  'encoding.unsupported': (status) =>
    new HttpError(
      status,
      'unsupported_encoding',
      'The request body uses a content encoding we do not accept',
    ),
  'charset.unsupported': (status) =>
    new HttpError(status, 'unsupported_charset', 'The request body uses a character set we do not accept'),
  'request.aborted': (status) => new HttpError(status, 'aborted', 'The request body was interrupted'),
  'request.size.invalid': (status) =>
    new HttpError(status, 'bad_request', 'The request body is shorter or longer than announced'),
};

/**
 * A request's own fault reported by a library (a 4xx `status` on the error: a body in an unknown
 * charset or encoding, a path with broken percent-encoding): answered as that 4xx, in our words.
 */
function clientFault(err: unknown): HttpError | null {
  if (!err || typeof err !== 'object') return null;
  const e = err as { status?: unknown; statusCode?: unknown; type?: unknown };
  const status = typeof e.status === 'number' ? e.status : e.statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  const known = typeof e.type === 'string' ? CLIENT_FAULTS[e.type] : undefined;
  if (known) return known(status);
  if (err instanceof URIError) return new HttpError(400, 'bad_path', 'The address is not valid');
  return new HttpError(status, 'bad_request', statusTitle(status));
}

export const notFoundHandler: RequestHandler = (req, _res, next) => {
  next(notFound(`No route for ${req.method} ${req.path}`));
};

/** How long the rest of a body answered before it was read is discarded before its connection is cut. */
export const LINGER_MS = 2000;

/**
 * For a request answered before its body was read (refused, or its service is away): the rest of the
 * body is read and thrown away, so the connection carries the client's next request, and the connection
 * is cut only if the body is still coming LINGER_MS after the answer (closing at once could reset it
 * under the client's feet before it reads the answer).
 */
export function discardBody(req: Request): void {
  req.resume();
  req.res?.once('finish', () => {
    if (req.complete) return;
    const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
    cut.unref();
    req.once('end', () => clearTimeout(cut));
    req.socket.once('close', () => clearTimeout(cut));
  });
}

/** Cookies without a dependency: the few we read are simple name=value pairs. */
export function parseCookies(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(';')) {
    const i = part.indexOf('=');
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      out[k] = part.slice(i + 1).trim();
    }
  }
  return out;
}

/**
 * Secure when the request came over TLS (or a trusted proxy says so), or when the origin it is
 * answered for is https (a proxy that terminates TLS without saying so).
 */
export function isSecureRequest(req: Request, origins: Pick<OriginPolicy, 'browserOrigin'>): boolean {
  return req.secure || origins.browserOrigin(req).startsWith('https:');
}

/**
 * The byte range a request asks for (`Range: bytes=…`, one range, honoured while `If-Range` still
 * matches `etag` when there is one): null for the whole, `unsatisfiable` for a range past the end.
 */
export function askedRange(
  req: Request,
  size: number,
  etag?: string,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!req.headers.range) return null;
  const ifRange = req.headers['if-range'];
  if (ifRange && ifRange !== etag) return null;
  const ranges = req.range(size, { combine: true });
  if (ranges === undefined || ranges === -2) return null; // no range, or one we do not understand
  if (ranges === -1) return 'unsatisfiable';
  if (ranges.type !== 'bytes' || ranges.length !== 1) return null; // several ranges: the whole
  return ranges[0]!;
}

/**
 * Streams a stored object (a picture, a clip's MP4) as uploaded content: one byte range where the
 * request asks for one (video players do; Safari plays nothing without), 416 past the end, 404 when it
 * is not there; never buffered whole, never run as a page. `cacheControl` is the caller's.
 */
export async function sendStoredObject(
  req: Request,
  res: Response,
  store: Pick<ObjectStore, 'head' | 'get'>,
  key: string,
  cacheControl: string,
): Promise<void> {
  const found = await store.head(key).catch(() => null);
  const range = found ? askedRange(req, found.size) : null;
  if (range === 'unsatisfiable') {
    res.setHeader('Content-Range', `bytes */${found!.size}`);
    return sendProblem(res, new HttpError(416, 'range_not_satisfiable', 'This range is past the end'));
  }
  const obj = found ? await store.get(key, range ?? undefined).catch(() => null) : null;
  if (!obj) return sendProblem(res, new HttpError(404, 'not_found', 'Image not found'));
  const { start, end } = range ?? { start: 0, end: obj.info.size - 1 };
  res.status(range ? 206 : 200);
  res.setHeader('Accept-Ranges', 'bytes');
  if (range) res.setHeader('Content-Range', `bytes ${start}-${end}/${obj.info.size}`);
  res.setHeader('Content-Type', obj.info.contentType);
  res.setHeader('Content-Length', String(end - start + 1));
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Disposition', 'inline');
  // Uploaded bytes are never a page: even opened directly, nothing in them may run or load.
  res.setHeader('Content-Security-Policy', USER_CONTENT_CSP);
  obj.body.on('error', () => res.destroy());
  obj.body.pipe(res);
}
