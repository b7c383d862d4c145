/** Which service answers each HTTP route. The gateway forwards by it when a service runs elsewhere. */
export type ServiceName =
  'gateway' | 'events' | 'photos' | 'billing' | 'admin' | 'realtime' | 'media' | 'notify';
export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: HttpMethod;
  /** express path syntax, exactly as the service registers it */
  path: string;
  service: ServiceName;
}

const r = (method: HttpMethod, path: string, service: ServiceName): ApiRoute => ({ method, path, service });

export const API_ROUTES: readonly ApiRoute[] = [
  r('GET', '/api/login', 'gateway'),
  r('GET', '/api/callback', 'gateway'),
  r('GET', '/api/logout', 'gateway'),
  r('GET', '/api/auth/user', 'gateway'),
  // the embedded identity provider's own accounts (ADR 035): change password and e-mail, confirm it
  r('POST', '/api/account/password', 'gateway'),
  r('POST', '/api/account/email', 'gateway'),
  r('POST', '/api/account/confirmation', 'gateway'),
  // e-mail settings and one-click unsubscribe (ADR 035)
  r('GET', '/api/user/notifications', 'notify'),
  r('PUT', '/api/user/notifications', 'notify'),
  r('GET', '/api/push/key', 'notify'),
  r('POST', '/api/events', 'events'),
  r('GET', '/api/events/by-code/:code', 'events'),
  r('GET', '/api/events/:idOrCode', 'events'),
  r('GET', '/api/events/:id/qr-kit', 'events'),
  r('POST', '/api/events/:id/live-mode', 'events'),
  r('PUT', '/api/events/:id/sharing', 'events'),
  r('PATCH', '/api/events/:id', 'events'),
  r('POST', '/api/events/:id/end', 'events'),
  r('POST', '/api/events/:id/extend', 'events'),
  r('DELETE', '/api/events/:id', 'events'),
  r('GET', '/api/user/stats', 'events'),
  r('GET', '/api/user/events', 'events'),
  r('POST', '/api/events/:code/devices', 'photos'),
  // 'Tell me when the photos are revealed' (ADR 035): each device its own, by e-mail or push
  r('POST', '/api/events/:code/reminders', 'photos'),
  r('GET', '/api/events/:code/reminders', 'photos'),
  r('DELETE', '/api/events/:code/reminders', 'photos'),
  // Find Me (ADR 036): a selfie searches the event's photos, or takes its faces out of the index
  r('POST', '/api/events/:code/find-me', 'photos'),
  r('DELETE', '/api/events/:code/find-me', 'photos'),
  r('POST', '/api/events/:code/photos', 'photos'),
  // a clip's resumable upload (tus 1.0.0, ADR 033)
  r('OPTIONS', '/api/events/:code/uploads', 'photos'),
  r('POST', '/api/events/:code/uploads', 'photos'),
  r('HEAD', '/api/events/:code/uploads/:uploadId', 'photos'),
  r('PATCH', '/api/events/:code/uploads/:uploadId', 'photos'),
  r('GET', '/api/events/:code/photos', 'photos'),
  r('GET', '/api/events/:code/photos/pending', 'photos'),
  r('GET', '/api/events/:id/stats', 'photos'),
  r('POST', '/api/events/:code/screens/next', 'photos'),
  r('GET', '/api/events/:id/export', 'photos'),
  r('GET', '/api/events/:id/export/:part', 'photos'),
  r('GET', '/api/devices/:deviceId/photos', 'photos'),
  r('GET', '/api/photos/pending/:eventId', 'photos'),
  r('GET', '/api/photos/approved/:eventId', 'photos'),
  r('PATCH', '/api/photos/:id', 'photos'),
  // after PATCH in this list: the cross-site suite reports the photo it has just approved, in live mode
  r('POST', '/api/photos/:id/report', 'photos'),
  r('POST', '/api/photos/:id/approve', 'photos'),
  r('POST', '/api/photos/:id/reject', 'photos'),
  r('POST', '/api/photos/:id/flag', 'photos'),
  r('DELETE', '/api/photos/:id', 'photos'),
  // the guestbook (issue 23): the host and guests ask the same address, each sees their own answer
  r('POST', '/api/events/:code/guestbook', 'photos'),
  r('GET', '/api/events/:code/guestbook', 'photos'),
  // in this order: the cross-site suite reports the entry it has just approved, in live mode
  r('POST', '/api/guestbook/:id/approve', 'photos'),
  r('POST', '/api/guestbook/:id/report', 'photos'),
  r('POST', '/api/guestbook/:id/reject', 'photos'),
  r('DELETE', '/api/guestbook/:id', 'photos'),
  r('GET', '/api/public/events/:slug', 'photos'),
  r('GET', '/api/public/events/:slug/photos', 'photos'),
  r('POST', '/api/create-payment-intent', 'billing'),
  r('POST', '/api/user/upgrade', 'billing'),
  r('GET', '/api/user/payments', 'billing'),
  r('POST', '/api/payments/test-confirm', 'billing'),
  r('POST', '/api/stripe/webhook', 'billing'),
  r('POST', '/api/admin/users/:userId/suspend', 'admin'),
  r('POST', '/api/admin/users/:userId/unsuspend', 'admin'),
  r('DELETE', '/api/admin/events/:eventId', 'admin'),
  r('GET', '/api/admin/stats', 'admin'),
  r('GET', '/api/admin/users', 'admin'),
  r('GET', '/api/admin/events', 'admin'),
  r('GET', '/api/admin/photos', 'admin'),
  r('POST', '/api/admin/photos/:photoId/moderate', 'admin'),
  r('GET', '/api/admin/guestbook', 'admin'),
  r('POST', '/api/admin/guestbook/:id/moderate', 'admin'),
  r('GET', '/api/admin/activity', 'admin'),
  r('GET', '/api/admin/export/:kind', 'admin'),
  r('GET', '/api/admin/settings', 'admin'),
  r('GET', '/api/admin/mail', 'admin'),
];

/**
 * Pages a service renders itself (not the web app): share links, which chat apps unfurl from their
 * Open Graph tags, and the image those tags name (ADR 022). Forwarded like the API routes; they answer
 * HTML (or an image), never problem+json.
 */
export const PAGE_ROUTES: readonly ApiRoute[] = [
  r('GET', '/share/event/:slug', 'photos'),
  r('GET', '/share/photo/:id', 'photos'),
  r('GET', '/share/photo/:id/image.jpg', 'photos'),
  r('GET', '/share/photo/:id/video.mp4', 'photos'),
  r('GET', '/share/open.js', 'photos'),
  r('GET', '/mail/unsubscribe', 'notify'),
  r('POST', '/mail/unsubscribe', 'notify'),
];

/** The WebSocket endpoint, answered by realtime. */
export const WS_PATH = '/ws';

/** Env variable naming where a service runs when it is not in this process, e.g. AFTERGLOW_EVENTS_URL. */
export const serviceUrlVar = (s: ServiceName) => `AFTERGLOW_${s.toUpperCase()}_URL`;
