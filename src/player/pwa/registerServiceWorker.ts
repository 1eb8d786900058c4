// The installable app's service worker (public/sw.js): registered once the page has loaded, in the
// built app only (the mock mode's msw worker has the page in development). Registering asks the
// player nothing: notifications are asked for from their switches only (PushSettings).
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {});
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
