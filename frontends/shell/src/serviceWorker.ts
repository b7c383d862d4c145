/**
 * The background worker (spec section 7): registered from /sw.js at the root scope, where it uploads
 * the guest's offline photo queue when the connection comes back. Problems are only logged (spec
 * section 8): the product works without it.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .catch((err: unknown) => console.error('Service worker registration failed', err));
  if (document.readyState === 'complete') void register();
  else window.addEventListener('load', () => void register(), { once: true });
}
