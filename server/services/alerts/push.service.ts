import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import type { UserActor } from '../../auth/actor.js';
import { AppError } from '../../errors.js';
import type { PushSubscriptionInput } from '../../../shared/schemas/alerts.js';
import { alertUrl, type LeadAlertMessage } from '../../../shared/alerts.js';
import type { LeadAlert } from './alerts.js';
import { newVapidSecret, sendPush, vapidKeysOf, type VapidKeys } from './web-push.js';
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
/** A lead alert is worth little after an hour: the push service may drop it then. */
const PUSH_TTL_SECONDS = 3600;
/** A push service that has not answered by then is skipped: the alert goes on to the next browser. */
export const PUSH_TIMEOUT_MS = 5_000;

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
  });
  return { ok: true };
}

export async function unsubscribePush(deps: Deps, actor: UserActor, endpoint: string): Promise<{ removed: boolean }> {
  return { removed: (await deleteSubscription(deps.db, actor.subadminId, actor.id, endpoint)) > 0 };
}

export function alertMessage(a: LeadAlert): LeadAlertMessage {
  return { kind: a.kind, leadId: a.leadId, leadName: a.leadName, at: a.at, url: alertUrl(a.kind, a.leadId) };
}

export interface PushLogger {
  warn(obj: object, msg: string): void;
}

/**
 * Sends an alert to every browser its user subscribed. A subscription the push service says is gone
 * (404, 410) is removed; any other failure (no answer within the timeout, for one) is logged, and the
 * other browsers get it all the same.
 */
export async function pushAlert(
  db: Kysely<DB>,
  opts: { keys: VapidKeys; subject: string; logger: PushLogger; timeoutMs?: number },
  alert: LeadAlert,
): Promise<{ sent: number; removed: number }> {
  const now = Date.now();
  const subs = await subscriptionsOf(db, alert.subadminId, alert.userId, new Date(now).toISOString(), new Date(now - SESSION_IDLE_MS).toISOString());
  let sent = 0;
  let removed = 0;
  // Side by side: one slow push service holds up no other browser (each has its own timeout).
  await Promise.all(
    subs.map(async (s) => {
      // The service worker words the notification itself (the app may be closed): in the user's language.
      const payload = Buffer.from(JSON.stringify({ ...alertMessage(alert), lang: s.language }));
      try {
        const status = await sendPush(s, payload, {
          keys: opts.keys,
          subject: opts.subject,
          ttlSeconds: PUSH_TTL_SECONDS,
          timeoutMs: opts.timeoutMs ?? PUSH_TIMEOUT_MS,
        });
        if (status === 404 || status === 410) {
          await deleteSubscriptionById(db, s.id);
          removed++;
        } else if (status >= 200 && status < 300) {
          await markSubscriptionOk(db, s.id, new Date().toISOString());
          sent++;
        } else {
          opts.logger.warn({ status, host: new URL(s.endpoint).host }, 'push service refused an alert');
        }
      } catch (err) {
        opts.logger.warn({ err, host: new URL(s.endpoint).host }, 'push to a browser failed');
      }
    }),
  );
  return { sent, removed };
}
