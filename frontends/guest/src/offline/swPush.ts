/**
 * The service worker's side of 'Tell me when the photos are revealed' (ADR 035): a push becomes a
 * notification, and tapping it opens the gallery. The words come in the push, in the guest's language
 * (the server writes them from its catalogue); nothing here is shown but them. Plain functions of the
 * payload, so the rules are tested without a browser (swPush.test.ts).
 */

/** A push as the server sends it (encrypted; the browser hands the worker the plain JSON). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

/** The app's icon, as the web manifest (frontends/shell/public/manifest.webmanifest) gives it. */
export const APP_ICON = '/icons/icon-192.png';
/** A push must show something (`userVisibleOnly`): the name of the app when the payload is unreadable. */
const FALLBACK_TITLE = 'Afterglow';

const str = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : '');

/** The push's JSON, or null when it carries none (or not JSON). */
export function readPush(text: string | null | undefined): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** What `registration.showNotification` is called with for a push's payload. */
export function notificationFromPush(data: unknown): { title: string; options: NotificationOptions } {
  const p = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const tag = str(p.tag, 200);
  return {
    title: str(p.title, 200) || FALLBACK_TITLE,
    options: {
      body: str(p.body, 1000),
      icon: APP_ICON,
      data: { url: str(p.url, 2048) || '/' },
      ...(tag ? { tag } : {}),
    },
  };
}

/**
 * The page a tap on the notification opens: its `data.url` when on this site (an address of another
 * site, or none, gives the app's home), as an absolute URL.
 */
export function urlToOpen(data: unknown, origin: string): string {
  const home = new URL('/', origin).href;
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  if (typeof url !== 'string' || !url) return home;
  try {
    const u = new URL(url, origin);
    return u.origin === new URL(origin).origin ? u.href : home;
  } catch {
    return home;
  }
}

/** A window already showing `url` (the fragment aside), if the guest has one open. */
export function windowOf<C extends { url: string }>(windows: readonly C[], url: string): C | undefined {
  const bare = (s: string) => s.split('#')[0];
  return windows.find((w) => bare(w.url) === bare(url));
}

/** The little of the worker's `clients` the tap needs. */
export interface Clients<C extends { url: string; focus(): Promise<unknown> }> {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly C[]>;
  openWindow(url: string): Promise<unknown>;
}

/** Focuses the guest's window of `url`, or opens one. */
export async function openFromNotification<C extends { url: string; focus(): Promise<unknown> }>(
  clients: Clients<C>,
  url: string,
): Promise<void> {
  const open = windowOf(await clients.matchAll({ type: 'window', includeUncontrolled: true }), url);
  if (open) await open.focus();
  else await clients.openWindow(url);
}
