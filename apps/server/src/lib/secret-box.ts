import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

/** Marks a value sealed with AES-256-GCM under the secret key, version 1 of the format. */
export const sealedPrefix = 'enc:v1:';
const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;

/**
 * SECRET_KEY as given: 32 bytes written as 64 hexadecimal digits or in base64 (standard or url-safe).
 * Anything else is refused at start, with a message saying how to make one.
 */
export function parseSecretKey(value: string | undefined): Buffer | null {
  const text = value?.trim();
  if (!text) return null;
  if (/^[0-9a-f]{64}$/i.test(text)) return Buffer.from(text, 'hex');
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const key = Buffer.from(text.replaceAll('-', '+').replaceAll('_', '/'), 'base64');
    if (key.length === keyBytes) return key;
  }
  throw new Error(
    'SECRET_KEY must be 32 random bytes, written as 64 hexadecimal digits or in base64 ' +
      '(for example the output of `openssl rand -base64 32`).',
  );
}

/** The key in DATA_DIR/secret.key, made on first start (mode 0600); `isNew` when this start made it. */
export async function loadKeyFile(dataDir: string): Promise<{ key: Buffer; file: string; isNew: boolean }> {
  const file = path.join(dataDir, 'secret.key');
  await mkdir(dataDir, { recursive: true });
  let isNew = false;
  // Written whole under another name and linked into place: a second process starting at the same
  // moment either links first or reads the finished file, never a half-written one.
  const draft = `${file}.${randomUUID()}.tmp`;
  await writeFile(draft, `${randomBytes(keyBytes).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(draft, file);
    isNew = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(draft);
  }
  const key = parseSecretKeyFile(await readFile(file, 'utf8'), file);
  return { key, file, isNew };
}

function parseSecretKeyFile(text: string, file: string): Buffer {
  try {
    const key = parseSecretKey(text);
    if (key) return key;
  } catch {
    // Reported below with the file's name.
  }
  throw new Error(`${file} does not hold a secret key (32 bytes in base64 or hex).`);
}

/** The secret key cannot open a stored value: it is not the key the value was sealed with. */
export class WrongSecretKeyError extends Error {}

/**
 * Seals and opens secret values with AES-256-GCM. The context (what the value belongs to) is bound
 * in as additional data, so a sealed value copied onto another row does not open there.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== keyBytes) throw new Error('the secret key must be 32 bytes');
    this.key = key;
  }

  static isSealed(stored: string): boolean {
    return stored.startsWith(sealedPrefix);
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    const parts = [iv, sealed, cipher.getAuthTag()].map((part) => part.toString('base64url'));
    return `${sealedPrefix}${parts.join('.')}`;
  }

  /** The clear value; a value stored before sealing existed is returned as it is. */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const [iv, sealed, tag] = stored
      .slice(sealedPrefix.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !sealed || !tag || iv.length !== ivBytes || tag.length !== tagBytes) {
      throw new WrongSecretKeyError('a sealed secret is damaged');
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: tagBytes });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
    } catch {
      throw new WrongSecretKeyError(
        'A secret setting cannot be decrypted: the secret key (SECRET_KEY, or else DATA_DIR/secret.key) ' +
          'is not the key it was encrypted with.',
      );
    }
  }
}

/**
 * The box for secret settings, under SECRET_KEY or else the key file under DATA_DIR, which the first
 * start makes and says so in the log (the file belongs with the data: without it no secret opens).
 */
export async function openSecretBox(
  config: { secretKey: Buffer | null; dataDir: string | null },
  log: FastifyBaseLogger,
): Promise<SecretBox> {
  if (config.secretKey) return new SecretBox(config.secretKey);
  if (!config.dataDir) throw new Error('SECRET_KEY is needed when there is no DATA_DIR to keep a key in.');
  const { key, file, isNew } = await loadKeyFile(config.dataDir);
  if (isNew) {
    log.warn(
      { file },
      'SECRET_KEY is not set: generated a new key for secret settings in this file; back it up with the data',
    );
  }
  return new SecretBox(key);
}
