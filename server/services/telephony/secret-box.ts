import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/*
 * Secrets kept at rest (a telephony provider's credentials) are sealed with the server's key:
 * AES-256-GCM, a fresh nonce each time. The key is SECRET_KEY, or the file SECRET_KEY_FILE, made on
 * first use (docs/telephony.md#the-servers-key). A database backup alone does not give the secrets away.
 */

const VERSION = 'v1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error('the server key must be 32 bytes');
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(NONCE_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** The plaintext; throws when the value was sealed with another key or changed. */
  open(sealed: string): string {
    const [version, data] = sealed.split(':');
    if (version !== VERSION || !data) throw new Error('not a sealed value');
    const raw = Buffer.from(data, 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, NONCE_BYTES));
    decipher.setAuthTag(raw.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(NONCE_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}

async function keyFromFile(file: string): Promise<Buffer> {
  try {
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  await mkdir(path.dirname(file), { recursive: true });
  try {
    // 'wx': two instances starting together keep whichever wrote first
    await writeFile(file, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
  return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
}

const boxes = new Map<string, Promise<SecretBox>>();

/** The server's secret box, its key read (or made) once per process. */
export function secretBox(config: Pick<Config, 'secretKey'>): Promise<SecretBox> {
  const { base64, file } = config.secretKey;
  const id = base64 ? `env:${base64}` : `file:${path.resolve(file)}`;
  let box = boxes.get(id);
  if (!box) {
    box = (base64 ? Promise.resolve(Buffer.from(base64, 'base64')) : keyFromFile(file)).then((key) => new SecretBox(key));
    box.catch(() => boxes.delete(id));
    boxes.set(id, box);
  }
  return box;
}
