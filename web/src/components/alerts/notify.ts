import type { LeadAlertMessage } from '../../../../shared/alerts';

/** The browser can show system notifications through the app's service worker. */
export const canNotify = () => typeof window !== 'undefined' && 'Notification' in window && 'serviceWorker' in navigator;

/** NotificationOptions as browsers take them: TypeScript's DOM types have dropped vibrate and renotify. */
type AlertNotificationOptions = NotificationOptions & { vibrate?: number[]; renotify?: boolean; timestamp?: number };

/** What an alert's notification says; the words come from the page's language (the service worker has its own for Web Push). */
export interface AlertWords {
  title: string;
  body: string;
}

/**
 * A system notification for an alert, through the service worker (so a tap reaches its notificationclick,
 * which opens the lead). It rings and vibrates as the phone's own notifications do and stays until
 * handled; one per lead (a newer alert on the same lead replaces it and rings again). Nothing when the
 * same alert is already shown (Web Push got there first).
 */
export async function showAlertNotification(a: LeadAlertMessage, words: AlertWords): Promise<void> {
  if (!canNotify() || Notification.permission !== 'granted') return;
  const registration = await navigator.serviceWorker.getRegistration();
  if (!registration) return;
  const tag = `lead-${a.leadId}`;
  const shown = await registration.getNotifications({ tag });
  if (shown.some((n) => (n.data as { at?: string } | null)?.at === a.at)) return;
  const options: AlertNotificationOptions = {
    body: words.body,
    tag,
    renotify: true,
    requireInteraction: true,
    silent: false,
    vibrate: [300, 150, 300, 150, 300],
    icon: '/icon-192.png',
    badge: '/icon-192.png',
    timestamp: Date.parse(a.at),
    data: { url: a.url, at: a.at, kind: a.kind, leadId: a.leadId },
  };
  await registration.showNotification(words.title, options);
}
