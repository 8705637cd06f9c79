import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import { hashToken } from '../../auth/tokens.js';
import { nowIso } from '../../db/dialect.js';
import { companyLock } from '../company/company.service.js';
import { lockCompany } from '../company/company.repository.js';
import type { Page } from '../../../shared/schemas/paging.js';
import {
  CAPTURE_KEY_PREFIX,
  CAPTURE_MESSAGES,
  type CreateCaptureKeyInput,
  MAX_ACTIVE_CAPTURE_KEYS,
  type CaptureKeyKind,
  type CaptureKeyRow,
  type CreatedCaptureKey,
} from '../../../shared/schemas/capture.js';
import type { z } from 'zod';
import {
  countActiveKeys,
  findKeyByHash,
  insertCaptureKey,
  pageOfCaptureKeys,
  revokeCaptureKeyRow,
  touchCaptureKey,
  type CaptureKeyRecord,
} from './capture-keys.repository.js';

/** How many characters of a secret lists show: its kind's prefix and 6 random ones. */
const SHOWN_RANDOM_CHARS = 6;
/** A key's last use is written at most this often (every request reads it; only some write). */
const TOUCH_EVERY_MS = 60_000;
/** Longer than any key this server makes: not looked up. */
const MAX_SECRET_LENGTH = 100;

const toRow = (k: CaptureKeyRecord): CaptureKeyRow => ({
  id: k.id,
  kind: k.kind,
  name: k.name,
  prefix: k.key_prefix,
  thankYouUrl: k.thank_you_url,
  createdAt: k.created_at,
  lastUsedAt: k.last_used_at,
  revokedAt: k.revoked_at,
});

/**
 * A new key of the company: the answer carries its secret, this once; only its hash is kept. The
 * company row is locked while the active keys are counted, so concurrent creates cannot pass the
 * limit together.
 */
export async function createCaptureKey(deps: Deps, subadminId: number, input: z.output<typeof CreateCaptureKeyInput>): Promise<CreatedCaptureKey> {
  const prefix = CAPTURE_KEY_PREFIX[input.kind];
  const secret = `${prefix}${randomBytes(32).toString('base64url')}`;
  const key = await deps.db.transaction().execute(async (trx) => {
    await lockCompany(trx, deps.dialect, subadminId);
    if ((await countActiveKeys(trx, subadminId)) >= MAX_ACTIVE_CAPTURE_KEYS) throw new AppError('CONFLICT', CAPTURE_MESSAGES.tooManyKeys);
    return insertCaptureKey(trx, {
      subadmin_id: subadminId,
      kind: input.kind,
      name: input.name,
      key_prefix: secret.slice(0, prefix.length + SHOWN_RANDOM_CHARS),
      key_hash: hashToken(secret),
      thank_you_url: input.kind === 'form' ? input.thankYouUrl : null,
      created_at: nowIso(),
      last_used_at: null,
      revoked_at: null,
    });
  });
  return { ...toRow(key), secret };
}

/** The company's keys, a page at a time, without their secrets. */
export async function listCaptureKeys(deps: Deps, subadminId: number, input: { page: number; pageSize: number }): Promise<Page<CaptureKeyRow>> {
  const page = await pageOfCaptureKeys(deps.db, subadminId, input);
  return { ...page, items: page.items.map(toRow) };
}

/** Revokes one of the company's keys: from now on it is refused. Another company's id is not found. */
export async function revokeCaptureKey(deps: Deps, subadminId: number, id: number): Promise<{ id: number }> {
  if (!(await revokeCaptureKeyRow(deps.db, subadminId, id, nowIso()))) throw notFound('Key');
  return { id };
}

/** A key that may capture leads now, and its company. */
export interface CaptureKey {
  id: number;
  subadminId: number;
  kind: CaptureKeyKind;
  thankYouUrl: string | null;
}

/**
 * The key a request presents, checked: it exists, is not revoked, is of the kind the endpoint takes,
 * and its company may work. Refused with UNAUTHORIZED (a form key on the API included: it is
 * published on web pages, so it must never do more than post the form), or FORBIDDEN when the
 * company is blocked, expired or removed. A use is recorded at most once a minute.
 */
export async function authenticateCaptureKey(deps: Deps, secret: string | null | undefined, kind: CaptureKeyKind): Promise<CaptureKey> {
  const refused = kind === 'api' ? CAPTURE_MESSAGES.badKey : CAPTURE_MESSAGES.badFormKey;
  if (!secret) throw new AppError('UNAUTHORIZED', kind === 'api' ? CAPTURE_MESSAGES.noKey : refused);
  const key = secret.length <= MAX_SECRET_LENGTH ? await findKeyByHash(deps.db, hashToken(secret)) : undefined;
  if (!key || key.revoked_at) throw new AppError('UNAUTHORIZED', refused);
  if (key.kind !== kind) throw new AppError('UNAUTHORIZED', kind === 'api' ? CAPTURE_MESSAGES.formKeyOnApi : refused);
  const lock = companyLock(key);
  if (lock) throw new AppError('FORBIDDEN', kind === 'api' ? lock.message : refused);

  const now = Date.now();
  if (!key.last_used_at || now - Date.parse(key.last_used_at) >= TOUCH_EVERY_MS) {
    await touchCaptureKey(deps.db, key.id, new Date(now).toISOString(), new Date(now - TOUCH_EVERY_MS).toISOString());
  }
  return { id: key.id, subadminId: key.subadmin_id, kind: key.kind, thankYouUrl: key.thank_you_url };
}
