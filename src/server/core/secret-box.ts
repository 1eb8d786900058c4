// Secrets at rest (the staff's TOTP secrets): AES-256-GCM under keys from the environment
// (TOTP_KEY: base64 keys of 32 bytes, comma-separated, the first encrypts, any decrypts). A sealed
// value names its key by a short fingerprint, so a rotation only adds a key in front; the start-up
// step (AuthService.sealTotpSecrets) re-encrypts every row under the first one. The associated
// data binds a value to its row: a sealed secret copied to another user's row does not open.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const PREFIX = 'v1';
const IV_BYTES = 12;

interface Key {
  id: string;
  key: Buffer;
}

const fingerprint = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
const b64 = (b: Buffer) => b.toString('base64url');

/** TOTP_KEY: comma-separated base64 (or base64url) keys of 32 bytes; anything else is refused at start. */
export function parseKeys(value: string | undefined): Buffer[] {
  const list = (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.map((entry, i) => {
    const key = Buffer.from(entry, 'base64');
    if (key.length !== 32) throw new Error(`TOTP_KEY: key ${i + 1} is not 32 bytes in base64 (make one with: openssl rand -base64 32)`);
    return key;
  });
}

export class SecretBox {
  private readonly keys: Key[];

  /** `keys`: the first seals, every one opens. */
  constructor(keys: Buffer[]) {
    if (keys.length === 0) throw new Error('SecretBox needs a key');
    this.keys = keys.map((key) => {
      if (key.length !== 32) throw new Error('SecretBox keys are 32 bytes');
      return { id: fingerprint(key), key };
    });
  }

  /** Whether a stored value is sealed (else it is a plaintext written before encryption). */
  static isSealed(stored: string): boolean {
    return stored.startsWith(`${PREFIX}:`);
  }

  /** Whether a stored value is sealed under the first key (nothing to re-encrypt). */
  isCurrent(stored: string): boolean {
    return stored.startsWith(`${PREFIX}:${this.keys[0].id}:`);
  }

  seal(plain: string, context: string): string {
    const { id, key } = this.keys[0];
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [PREFIX, id, b64(iv), b64(cipher.getAuthTag()), b64(body)].join(':');
  }

  /** The plaintext of a sealed value (a plaintext one as it is); throws when no key opens it. */
  open(stored: string, context: string): string {
    if (!SecretBox.isSealed(stored)) return stored;
    const [, id, iv, tag, body] = stored.split(':');
    const key = this.keys.find((k) => k.id === id);
    if (!key) throw new Error(`no key ${id} in TOTP_KEY to open a stored secret`);
    const decipher = createDecipheriv('aes-256-gcm', key.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
