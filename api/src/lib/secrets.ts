// Secrets at rest (the SMTP password): AES-256-GCM with a key from configuration; and keyed fingerprints of
// personal data that must be recognised but not read back (a phone number in a rate-limit key).
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';

export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
  /**
   * HMAC-SHA256 of `text` under a key derived from the secrets key: the same text gives the same fingerprint,
   * and someone who reads the database but not the key cannot try every phone number to find which it was.
   */
  fingerprint(text: string): string;
}

export function createSecretBox(hexKey: string): SecretBox {
  const key = Buffer.from(hexKey, 'hex');
  if (key.length !== 32) throw new Error('The secrets key must be 32 bytes');
  // A key of its own, so a fingerprint never equals anything made with the encryption key.
  const fingerprintKey = createHmac('sha256', key).update('fingerprint key').digest();
  return {
    fingerprint: (text) => createHmac('sha256', fingerprintKey).update(text, 'utf8').digest('base64url'),
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || !data) throw new Error('Unknown secret format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    },
  };
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');
