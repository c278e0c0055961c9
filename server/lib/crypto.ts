import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';
/** GCM's full tag: a shorter one Node would accept unless told, and a 4-byte tag can be forged by trial. */
const TAG_BYTES = 16;
const IV_BYTES = 12;

/** AES-256-GCM for secrets at rest (provider tokens): `v1.iv.tag.ciphertext`, base64url parts. */
export interface SecretBox {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

function keyFrom(material: string): Buffer {
  if (/^[0-9a-f]{64}$/i.test(material)) return Buffer.from(material, 'hex');
  const decoded = Buffer.from(material, 'base64');
  if (decoded.length === 32) return decoded;
  // Any other string (e.g. the session secret as a fallback) is stretched into a key.
  return Buffer.from(hkdfSync('sha256', material, 'reviewflow', 'token-encryption', 32));
}

export function createSecretBox(material: string): SecretBox {
  const key = keyFrom(material);
  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not a sealed secret');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES)
        throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
