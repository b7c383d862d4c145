import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE } from '@afterglow/contracts';
import { PSEUDO_LOCALE, currentLocale, translator } from './i18n';

/** A failed API answer. `message` follows spec section 8: "<status>: <body text or status text>". */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's own words (problem+json `detail`), for toasts; falls back to the raw message. */
  get detail(): string {
    try {
      const p = JSON.parse(this.body) as { detail?: string; error?: string; message?: string };
      return p.detail ?? p.error ?? p.message ?? this.message;
    } catch {
      return this.body || this.message;
    }
  }

  /** The problem's `code` (`event_ended`, …): what a page translates the error by. */
  get code(): string | undefined {
    try {
      return (JSON.parse(this.body) as { code?: string }).code;
    } catch {
      return undefined;
    }
  }

  /** Field messages of a validation problem, keyed by field path. */
  get fieldErrors(): Record<string, string> {
    try {
      const p = JSON.parse(this.body) as { errors?: { path: string; message: string }[] };
      return Object.fromEntries((p.errors ?? []).map((e) => [e.path, e.message]));
    } catch {
      return {};
    }
  }
}

/** fetch's own failure (no connection), in the browser's words: 'Failed to fetch', 'Load failed', … */
const NETWORK_FAILURE = /fetch|network|load failed/i;

/**
 * The human message of any error thrown by the helpers below. The server writes its problems' detail
 * in the person's language; a page translates its own by code (docs/i18n.md). A failed connection is
 * the browser's English: other languages read a message (English keeps the browser's words).
 */
export function errorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.detail;
  const t = translator();
  if (err instanceof TypeError && NETWORK_FAILURE.test(err.message) && t.locale !== DEFAULT_LANGUAGE)
    return t('api.offline', 'Afterglow could not be reached. Check your connection and try again.');
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
}

/**
 * The language the page is in, for the server's own words (problem details): the page's choice,
 * which may be the event's or the menu's rather than the browser's own Accept-Language.
 */
export const languageHeaders = (): Record<string, string> => {
  const locale = currentLocale();
  return { 'Accept-Language': locale === PSEUDO_LOCALE ? 'en' : locale };
};

/** Every call includes cookies; a body is JSON and sets the content type only when present. */
export async function apiRequest<T = unknown>(method: string, url: string, data?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    ...(data !== undefined
      ? {
          headers: { ...languageHeaders(), 'Content-Type': 'application/json' },
          body: JSON.stringify(data),
        }
      : { headers: languageHeaders() }),
  });
  await throwIfNotOk(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * Multipart upload (FormData), with the same error rules: a POST unless `method` says otherwise, given
 * up (rejected as an AbortError) after `timeoutMs` when one is set.
 */
export async function apiUpload<T = unknown>(
  url: string,
  form: FormData,
  opts: { method?: 'POST' | 'DELETE'; timeoutMs?: number } = {},
): Promise<T> {
  const abort = opts.timeoutMs ? new AbortController() : null;
  const timer = abort && setTimeout(() => abort.abort(), opts.timeoutMs);
  try {
    const res = await fetch(url, {
      method: opts.method ?? 'POST',
      credentials: 'include',
      headers: languageHeaders(),
      body: form,
      ...(abort && { signal: abort.signal }),
    });
    await throwIfNotOk(res);
    return (await res.json()) as T;
  } finally {
    if (timer) clearTimeout(timer);
  }
}

type On401 = 'returnNull' | 'throw';

/** Default loading: GET the path made by joining the key's segments with slashes. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const res = await fetch(queryKey.join('/'), { credentials: 'include', headers: languageHeaders() });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await throwIfNotOk(res);
    return (await res.json()) as T;
  };
}

/** Spec section 9: no interval refetch, no refetch on focus, never stale, no retries, 5-minute cache. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
        gcTime: 5 * 60_000,
      },
      mutations: { retry: false },
    },
  });
}
