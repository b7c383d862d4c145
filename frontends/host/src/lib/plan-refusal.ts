import { ApiError } from '@afterglow/ui';

/**
 * The problem code of a refusal by the host's plan (`plan_…`, ADR 025), or null for any other error:
 * the page then shows the server's words with a way to upgrade.
 */
export function planRefusal(err: unknown): string | null {
  if (!(err instanceof ApiError) || err.status !== 403) return null;
  try {
    const code = (JSON.parse(err.body) as { code?: string }).code;
    return code?.startsWith('plan_') ? code : null;
  } catch {
    return null;
  }
}
