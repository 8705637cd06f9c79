import https from 'node:https';
import { pushEndpointProblem } from '../../../shared/schemas/alerts.js';
import { createECDH, createPrivateKey, createPublicKey, createCipheriv, hkdfSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/*
 * Web Push without a library: the message encrypted for the browser (RFC 8291, aes128gcm content
 * coding, RFC 8188) and the server identified to the push service by a VAPID token (RFC 8292).
 */

const b64url = (b: Buffer) => b.toString('base64url');

/** The server's VAPID key pair: the private key, and the public key as the browser wants it (65 bytes, uncompressed point). */
export interface VapidKeys {
  privateKey: KeyObject;
  publicKey: Buffer;
}

/** A fresh P-256 key pair, stored as its PKCS#8 DER (base64url). */
export function newVapidSecret(): string {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const pub = ecdh.getPublicKey();
  const key = createPrivateKey({
    format: 'jwk',
    key: { kty: 'EC', crv: 'P-256', d: b64url(ecdh.getPrivateKey()), x: b64url(pub.subarray(1, 33)), y: b64url(pub.subarray(33, 65)) },
  });
  return b64url(key.export({ format: 'der', type: 'pkcs8' }));
}

export function vapidKeysOf(secret: string): VapidKeys {
  const privateKey = createPrivateKey({ key: Buffer.from(secret, 'base64url'), format: 'der', type: 'pkcs8' });
  const jwk = createPublicKey(privateKey).export({ format: 'jwk' });
  const publicKey = Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x!, 'base64url'), Buffer.from(jwk.y!, 'base64url')]);
  return { privateKey, publicKey };
}

/** The VAPID Authorization header for an endpoint: a JWT (ES256) for the endpoint's origin, valid 12 hours. */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = Date.now()): string {
  const header = b64url(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64url(Buffer.from(JSON.stringify({ aud: new URL(endpoint).origin, exp: Math.floor(now / 1000) + 12 * 3600, sub: subject })));
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), { key: keys.privateKey, dsaEncoding: 'ieee-p1363' });
  return `vapid t=${header}.${claims}.${b64url(signature)}, k=${b64url(keys.publicKey)}`;
}

const RECORD_SIZE = 4096;

/**
 * The body of a push message (RFC 8291 section 4): a header naming the salt, the record size and our
 * one-time public key, then one record: the payload, the last-record delimiter, AES-128-GCM.
 */
export function encryptPayload(payload: Buffer, subscription: { p256dh: string; auth: string }): Buffer {
  const uaPublic = Buffer.from(subscription.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.auth, 'base64url');
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const shared = ecdh.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const salt = randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const record = Buffer.concat([cipher.update(Buffer.concat([payload, Buffer.from([2])])), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, record]);
}

/** The most a payload may be: one record of 4096 bytes less the delimiter and the tag. */
export const MAX_PAYLOAD = RECORD_SIZE - 17;

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Sends one message; answers the push service's HTTP status (201 accepted; 404 and 410: the
 * subscription is gone). Only to https on port 443, and never on to where a redirect points: a 3xx is
 * just a status. `agent` is how the push service is reached (tests reach a receiver on this machine).
 */
export function sendPush(
  target: PushTarget,
  payload: Buffer,
  opts: { keys: VapidKeys; subject: string; ttlSeconds: number; timeoutMs: number; agent?: https.Agent },
): Promise<number> {
  if (payload.length > MAX_PAYLOAD) return Promise.reject(new Error(`push payload of ${payload.length} bytes is too large`));
  const problem = pushEndpointProblem(target.endpoint);
  if (problem) return Promise.reject(new Error(problem));
  const body = encryptPayload(payload, target);
  return new Promise((resolve, reject) => {
    const req = https.request(
      target.endpoint,
      {
        method: 'POST',
        headers: {
          authorization: vapidAuthorization(target.endpoint, opts.keys, opts.subject),
          'content-encoding': 'aes128gcm',
          'content-type': 'application/octet-stream',
          'content-length': body.length,
          ttl: String(opts.ttlSeconds),
          urgency: 'high',
        },
        agent: opts.agent,
        // the whole exchange, connecting included: a service that stalls anywhere is given up on
        signal: AbortSignal.timeout(opts.timeoutMs),
      },
      (res) => {
        // Only the status matters; what follows is read and dropped (the timeout still bounds it).
        res.on('error', () => undefined);
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
