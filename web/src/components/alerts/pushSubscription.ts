import type { trpc } from '../../trpc';
import { canNotify } from './notify';

type Utils = ReturnType<typeof trpc.useUtils>;

const sameKey = (a: ArrayBuffer | null, b: Uint8Array) => a !== null && a.byteLength === b.byteLength && new Uint8Array(a).every((x, i) => x === b[i]);

/**
 * Once notifications are allowed: subscribes this browser to Web Push with the server's key (again when
 * the key changed) and tells the server, so alerts reach the phone with the app closed. Idempotent: the
 * app calls it on every start. A browser without a push service (a headless one, some privacy modes)
 * keeps the alerts of the open app only.
 */
export async function ensurePushSubscription(utils: Utils): Promise<boolean> {
  if (!canNotify() || Notification.permission !== 'granted' || !('PushManager' in window)) return false;
  try {
    const registration = await navigator.serviceWorker.ready;
    const { publicKey } = await utils.alerts.pushKey.fetch();
    const key = Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    const json = subscription.toJSON();
    if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return false;
    await utils.client.alerts.subscribe.mutate({ endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } });
    return true;
  } catch (err) {
    console.warn('Web Push is not available here: alerts reach the open app only.', err);
    return false;
  }
}

/**
 * Signing out: this browser stops getting the user's alerts (the server forgets its subscription while
 * the session still stands, then the browser drops it). Never holds the sign-out up for long.
 */
export async function dropPushSubscription(utils: Utils, waitMs = 2_000): Promise<void> {
  if (!canNotify() || !('PushManager' in window)) return;
  const drop = async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await utils.client.alerts.unsubscribe.mutate({ endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  };
  await Promise.race([drop().catch(() => undefined), new Promise((r) => setTimeout(r, waitMs))]);
}
