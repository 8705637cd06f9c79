import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import type { PushSubscriptionInput } from '../../../shared/schemas/alerts.js';
import { alertUrl, type LeadAlertMessage } from '../../../shared/alerts.js';
import type { LeadAlert } from './alerts.js';
import { newVapidSecret, vapidKeysOf, type VapidKeys } from './web-push.js';
import type { PushSender } from './push-sender.js';
import { SESSION_IDLE_MS } from '../../auth/sessions.js';
import {
  deleteSubscription,
  deleteSubscriptionById,
  findSecret,
  insertSecretOnce,
  markSubscriptionOk,
  subscriptionsOf,
  upsertSubscription,
} from './push.repository.js';

const VAPID_SECRET = 'vapid_key';
/** A user's browsers that get Web Push: subscribing one more drops the oldest (docs/alerts.md). */
export const PUSH_SUBSCRIPTIONS_PER_USER = 5;

/** The server's VAPID key pair, made on the first start and kept in app_secrets, so that every instance signs with the same key. */
export async function loadVapidKeys(db: Kysely<DB>): Promise<VapidKeys> {
  let row = await findSecret(db, VAPID_SECRET);
  if (!row) {
    await insertSecretOnce(db, VAPID_SECRET, newVapidSecret(), new Date().toISOString());
    row = await findSecret(db, VAPID_SECRET);
  }
  return vapidKeysOf(row!.value);
}

export function pushPublicKey(deps: Deps): string {
  return deps.alerts.vapid.publicKey.toString('base64url');
}

/** Whether an endpoint is on one of the push services the server may post to (config.pushServiceHosts). */
export function isPushServiceEndpoint(endpoint: string, hosts: readonly string[]): boolean {
  const host = new URL(endpoint).hostname.toLowerCase();
  return hosts.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

export async function subscribePush(deps: Deps, actor: UserActor, input: PushSubscriptionInput): Promise<{ ok: true }> {
  if (!isPushServiceEndpoint(input.endpoint, deps.config.pushServiceHosts))
    throw new AppError('BAD_REQUEST', "This browser's push service is not one the server sends to.");
  await upsertSubscription(deps.db, {
    subadminId: actor.subadminId,
    userId: actor.id,
    endpoint: input.endpoint,
    p256dh: input.keys.p256dh.replace(/=+$/, ''),
    auth: input.keys.auth.replace(/=+$/, ''),
    at: new Date().toISOString(),
    keep: PUSH_SUBSCRIPTIONS_PER_USER,
  });
  return { ok: true };
}

export async function unsubscribePush(deps: Deps, actor: UserActor, endpoint: string): Promise<{ removed: boolean }> {
  return { removed: (await deleteSubscription(deps.db, actor.subadminId, actor.id, endpoint)) > 0 };
}

export function alertMessage(a: LeadAlert): LeadAlertMessage {
  return { kind: a.kind, leadId: a.leadId, leadName: a.leadName, at: a.at, url: alertUrl(a.kind, a.leadId) };
}

/**
 * Sends an alert to every browser its user subscribed, through the app's sender (a few at a time,
 * each within its timeout). A subscription the push service says is gone (404, 410) is removed; any
 * other failure is logged (once while it goes on failing), and the other browsers get it all the same.
 */
export async function pushAlert(db: Kysely<DB>, sender: PushSender, alert: LeadAlert): Promise<{ sent: number; removed: number }> {
  const now = Date.now();
  const subs = await subscriptionsOf(db, alert.subadminId, alert.userId, new Date(now).toISOString(), new Date(now - SESSION_IDLE_MS).toISOString());
  let sent = 0;
  let removed = 0;
  // Side by side: one slow push service holds up no other browser (each has its own timeout).
  await Promise.all(
    subs.map(async (s) => {
      // The service worker words the notification itself (the app may be closed): in the user's language.
      const outcome = await sender.send(s, Buffer.from(JSON.stringify({ ...alertMessage(alert), lang: s.language })));
      if (outcome === 'gone') {
        await deleteSubscriptionById(db, s.id);
        removed++;
      } else if (outcome === 'sent') {
        await markSubscriptionOk(db, s.id, new Date().toISOString());
        sent++;
      }
    }),
  );
  return { sent, removed };
}
