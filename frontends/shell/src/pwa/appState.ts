/**
 * The app's install and update state (spec section 4), without React: the install prompt is not
 * installable, installable or installed; an update is available when a new worker is installed while
 * one already controls the page. Problems are only logged (spec section 8): the product works without
 * a worker. docs/adr/021-installable-and-offline.md
 */

export type InstallState = 'not-installable' | 'installable' | 'installed';
export interface AppState {
  install: InstallState;
  /** the guest said 'Not Now' a short while ago */
  installDismissed: boolean;
  /** a new version waits; false after 'Later' for this visit */
  update: boolean;
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

/** 'Not Now' holds for a week. */
export const INSTALL_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;
export const INSTALL_DISMISS_KEY = 'afterglow:install-dismissed-until';

let deferred: InstallPromptEvent | null = null;
let waiting: ServiceWorker | null = null;
let state: AppState = { install: 'not-installable', installDismissed: false, update: false };
const listeners = new Set<() => void>();

function set(next: Partial<AppState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const subscribe = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
export const getAppState = () => state;

function dismissedUntil(): number {
  try {
    return Number(localStorage.getItem(INSTALL_DISMISS_KEY) ?? 0);
  } catch {
    return 0;
  }
}

/** Listens for the browser's install offer; call once, as early as the page starts. */
export function watchInstall(): void {
  const standalone =
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as { standalone?: boolean }).standalone === true;
  set({
    install: standalone ? 'installed' : 'not-installable',
    installDismissed: dismissedUntil() > Date.now(),
  });
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // our banner offers it instead of the browser's mini-infobar
    deferred = e as InstallPromptEvent;
    set({ install: 'installable' });
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    set({ install: 'installed' });
  });
}

/** 'Install App': the browser's own install dialog. */
export async function promptInstall(): Promise<void> {
  const e = deferred;
  if (!e) return;
  deferred = null; // a prompt can be shown once
  try {
    await e.prompt();
    const { outcome } = await e.userChoice;
    set({ install: outcome === 'accepted' ? 'installed' : 'not-installable' });
  } catch (err) {
    console.error('App install failed', err);
    set({ install: 'not-installable' });
  }
}

/** 'Not Now': no install banner for a while. */
export function dismissInstall(): void {
  try {
    localStorage.setItem(INSTALL_DISMISS_KEY, String(Date.now() + INSTALL_DISMISS_MS));
  } catch {
    // private mode: hidden for this visit only
  }
  set({ installDismissed: true });
}

/** 'Update Now': the waiting worker takes over and the page reloads when it has. */
export function applyUpdate(): void {
  const w = waiting;
  if (!w) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  w.postMessage({ type: 'SKIP_WAITING' });
  set({ update: false });
}

/** 'Later': the update waits for the next visit. */
export const postponeUpdate = () => set({ update: false });

function offerUpdate(w: ServiceWorker) {
  waiting = w;
  set({ update: true });
}

function watchUpdates(reg: ServiceWorkerRegistration) {
  // only an update when a worker already controls the page; the first install just takes over
  if (reg.waiting && navigator.serviceWorker.controller) offerUpdate(reg.waiting);
  reg.addEventListener('updatefound', () => {
    const w = reg.installing;
    if (!w) return;
    w.addEventListener('statechange', () => {
      if (w.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(w);
    });
  });
  // An installed app is resumed rather than reloaded: look for a new version when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible')
      reg.update().catch((err: unknown) => console.warn('Service worker update check failed', err));
  });
}

/**
 * The background worker at /sw.js, root scope: offline pages and the offline photo queue.
 * `onFirstControl` runs when a first worker takes over the open page (a first visit): what the page
 * read before went past it, so reading it again lets the worker keep it for offline use.
 */
export function registerServiceWorker(onFirstControl?: () => void): void {
  if (!('serviceWorker' in navigator)) return;
  if (!navigator.serviceWorker.controller && onFirstControl)
    navigator.serviceWorker.addEventListener('controllerchange', onFirstControl, { once: true });
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchUpdates)
      .catch((err: unknown) => console.error('Service worker registration failed', err));
  // After the page has loaded and gone idle: the precache's downloads never compete with its own.
  const later = () =>
    'requestIdleCallback' in window
      ? window.requestIdleCallback(() => void register(), { timeout: 5000 })
      : setTimeout(() => void register(), 1000);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}
