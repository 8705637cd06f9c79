import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * An init script recording the service worker's notifications the page asks for (`window.__shown`),
 * the event streams it opens (`window.__streams`) and when each toast appeared (`window.__toasts`).
 */
export const SPIES = `(() => {
  window.__shown = [];
  const show = ServiceWorkerRegistration.prototype.showNotification;
  ServiceWorkerRegistration.prototype.showNotification = function (title, options) {
    const entry = { title, options: JSON.parse(JSON.stringify(options || {})), outcome: 'pending' };
    window.__shown.push(entry);
    return show.call(this, title, options).then(
      () => { entry.outcome = 'shown'; },
      (e) => { entry.outcome = String(e); throw e; },
    );
  };
  window.__streams = [];
  const Source = window.EventSource;
  window.EventSource = class extends Source {
    constructor(...args) {
      super(...args);
      window.__streams.push(this);
    }
  };
  window.__toasts = [];
  new MutationObserver(() => {
    for (const n of document.querySelectorAll('.mantine-Notification-root')) {
      if (n.__seen) continue;
      n.__seen = true;
      window.__toasts.push({ text: n.textContent, at: Date.now() });
    }
  }).observe(document, { childList: true, subtree: true });
})()`;

/** The app opens its event stream once the first screen is drawn: alerts raised before it reach the lists, not a toast. */
export const streamOpen = (page: Page) =>
  expect
    .poll(() => page.evaluate(() => (window as unknown as { __streams: EventSource[] }).__streams.some((s) => s.readyState === EventSource.OPEN)))
    .toBe(true);

/** When (the page's clock) the first toast containing `text` appeared, or undefined. */
export const toastShownAt = (page: Page, text: string) =>
  page.evaluate((t) => (window as unknown as { __toasts: { text: string; at: number }[] }).__toasts.find((x) => x.text.includes(t))?.at, text);

/** Makes the page look hidden (another app in front), as the visibility API reports it. */
export const hidePage = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
