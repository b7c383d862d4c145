/**
 * Image URLs are signed per answer (ADR 003), so every poll hands out a new spelling of the same image
 * and the browser would download it again. We keep the first URL per image until it is about to
 * expire, so polling costs no image traffic on a slow connection.
 */
const cache = new Map<string, { url: string; expiresAt: number }>();
const MARGIN_MS = 60_000;

export function stableUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const q = url.indexOf('?');
  const path = q < 0 ? url : url.slice(0, q);
  const exp = Number(new URLSearchParams(q < 0 ? '' : url.slice(q + 1)).get('exp'));
  const expiresAt = Number.isFinite(exp) && exp > 0 ? exp * 1000 : 0;
  const hit = cache.get(path);
  if (hit && hit.expiresAt - Date.now() > MARGIN_MS) return hit.url;
  cache.set(path, { url, expiresAt });
  return url;
}
