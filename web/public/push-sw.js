/*
 * Alerts on the phone (docs/alerts.md), in the service worker vite-plugin-pwa generates (imported by
 * workbox.importScripts in vite.config.ts). A Web Push message is a lead alert: shown as a system
 * notification, unless the app is on screen (then the page shows its own toast). A tap on a
 * notification opens the lead in the app.
 */

// The words of a notification when the app is closed; the page's own (web/src/i18n, "alerts") when it is open.
const WORDS = {
  en: {
    lead_routed: ['New lead', (n) => `${n} is waiting for your call.`],
    repeat_enquiry: ['Enquired again', (n) => `${n} enquired again.`],
    callback_due: ['Callback due', (n) => `Call back ${n} now.`],
    lead_called: ['Called back', (n) => `${n} called back.`],
  },
  hi: {
    lead_routed: ['नई लीड', (n) => `${n} आपकी कॉल का इंतज़ार कर रहे हैं।`],
    repeat_enquiry: ['दोबारा पूछताछ', (n) => `${n} ने दोबारा पूछताछ की है।`],
    callback_due: ['कॉलबैक का समय', (n) => `${n} को अभी कॉल बैक करें।`],
    lead_called: ['वापस कॉल आई', (n) => `${n} ने वापस कॉल किया।`],
  },
};

const appWindows = () => self.clients.matchAll({ type: 'window', includeUncontrolled: true });

self.addEventListener('push', (event) => {
  let alert;
  try {
    alert = event.data ? event.data.json() : null;
  } catch {
    alert = null;
  }
  if (!alert || typeof alert.leadId !== 'number' || typeof alert.url !== 'string' || !alert.url.startsWith('/')) return;
  event.waitUntil(
    (async () => {
      const visible = (await appWindows()).filter((w) => w.visibilityState === 'visible');
      if (visible.length) {
        for (const w of visible) w.postMessage({ type: 'lead-alert', alert });
        return;
      }
      const tag = `lead-${alert.leadId}`;
      const shown = await self.registration.getNotifications({ tag });
      if (shown.some((n) => n.data && n.data.at === alert.at)) return;
      const words = (WORDS[alert.lang] || WORDS.en)[alert.kind] || WORDS.en.lead_routed;
      await self.registration.showNotification(words[0], {
        body: words[1](String(alert.leadName || '')),
        tag,
        renotify: true,
        requireInteraction: true,
        silent: false,
        vibrate: [300, 150, 300, 150, 300],
        icon: '/icon-192.png',
        badge: '/icon-192.png',
        timestamp: Date.parse(alert.at) || Date.now(),
        data: { url: alert.url, at: alert.at, kind: alert.kind, leadId: alert.leadId },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = event.notification.data && typeof event.notification.data.url === 'string' ? event.notification.data.url : '/';
  const url = new URL(path.startsWith('/') ? path : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await appWindows();
      const open = windows.find((w) => w.focused) || windows[0];
      if (!open) {
        await self.clients.openWindow(url);
        return;
      }
      const focused = await open.focus();
      try {
        await focused.navigate(url);
      } catch {
        // A window this worker does not control cannot be navigated from here: the page does it.
        focused.postMessage({ type: 'open-url', url });
      }
    })(),
  );
});
