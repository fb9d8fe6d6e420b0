// The installable app's service worker (pwa/sw.js): registered once the first screen is up and the
// page has loaded (main.tsx loads this module then: issue 22, first load), in builds only (the dev
// server's modules must never meet a worker), and told the language the player sees, for the
// offline page it shows when a page load finds no network.
import { i18n } from '../shared/i18n';

function tellLanguage(language: string): void {
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: 'language', language }),
  );
}

function register(): void {
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    // The app works the same without it: only the offline page is missing.
    console.warn('Service worker not registered:', error);
  });
  if (i18n.language) tellLanguage(i18n.language);
  i18n.on('languageChanged', tellLanguage);
}

export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
