import { whenIdle } from './whenIdle';

/** How long after the app opens a waiting new version may still reload it (before any work begins). */
const STARTING_MS = 10_000;

/** After the page has loaded, how long the first screen's own requests have the network to themselves. */
const REGISTER_AFTER_MS = 3_000;

/**
 * Registers the service worker a few seconds after the page has loaded: on a first visit it then
 * fetches every file of the app, which over a phone's 4G must not compete with the first screen's
 * data and code. A new version found while the telecaller works waits; found as the app opens, it
 * is taken at once.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || !('serviceWorker' in navigator)) return;
  const openedAt = performance.now();
  const registerNow = () =>
    void import('virtual:pwa-register').then(
      ({ registerSW }) => {
        const update = registerSW({
          immediate: true,
          onNeedRefresh() {
            if (performance.now() - openedAt < STARTING_MS) void update(true);
          },
        });
      },
      // Offline before the worker keeps the app's files, its code cannot be fetched: again once back online.
      () => window.addEventListener('online', registerNow, { once: true }),
    );
  // Already registered (every visit after the first): as soon as the first screen is drawn, so that an
  // update is found early without taking the phone from drawing it.
  const register = () =>
    void navigator.serviceWorker.getRegistration().then((existing) => {
      if (existing) whenIdle(registerNow);
      else window.setTimeout(registerNow, REGISTER_AFTER_MS);
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

interface InstallPrompt extends Event {
  prompt(): Promise<void>;
}

let installPrompt: InstallPrompt | null = null;
const installListeners = new Set<() => void>();
const installChanged = () => {
  for (const l of installListeners) l();
};

// The browser offers installing once, early: kept for the "Install app" entry to use when tapped.
if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    installPrompt = e as InstallPrompt;
    installChanged();
  });
  window.addEventListener('appinstalled', () => {
    installPrompt = null;
    installChanged();
  });
}

/** Running as the installed app (from the home screen), not in a browser tab. */
export const runsInstalled = () =>
  window.matchMedia('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true;

export const canPromptInstall = () => installPrompt !== null;

export function onInstallChange(listener: () => void): () => void {
  installListeners.add(listener);
  return () => installListeners.delete(listener);
}

/** Shows the browser's own install dialog; false when the browser offers none (then show the steps). */
export async function promptInstall(): Promise<boolean> {
  if (!installPrompt) return false;
  const prompt = installPrompt;
  // A browser's install dialog can be shown once: declined, the next tap shows the steps.
  installPrompt = null;
  installChanged();
  await prompt.prompt();
  return true;
}
