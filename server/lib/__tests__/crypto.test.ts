import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto';

const box = createSecretBox('k'.repeat(64).replace(/k/g, 'a'));

/** The sealed form's parts: version, iv, tag, ciphertext (base64url). */
const parts = (sealed: string) => sealed.split('.') as [string, string, string, string];

describe('the secret box (AES-256-GCM at rest)', () => {
  it('when a secret is sealed, then only the same key opens it, and the ciphertext hides it', () => {
    const sealed = box.encrypt('ya29.secret-token');

    expect(sealed).not.toContain('secret-token');
    expect(box.decrypt(sealed)).toBe('ya29.secret-token');
    expect(() => createSecretBox('b'.repeat(64)).decrypt(sealed)).toThrow();
  });

  it('when the tag is cut short, then it is refused (a 4-byte tag is forgeable by trial)', () => {
    const [version, iv, tag, data] = parts(box.encrypt('unsub1:12:email'));
    const short = Buffer.from(tag, 'base64url').subarray(0, 4).toString('base64url');

    expect(() => box.decrypt([version, iv, short, data].join('.'))).toThrow();
    expect(() => box.decrypt([version, iv, '', data].join('.'))).toThrow();
  });

  it('when any part is altered, then it is refused', () => {
    const [version, iv, tag, data] = parts(box.encrypt('hello'));
    const flip = (text: string) => {
      const bytes = Buffer.from(text, 'base64url');
      bytes[0] = bytes[0]! ^ 1;
      return bytes.toString('base64url');
    };

    expect(() => box.decrypt([version, iv, flip(tag), data].join('.'))).toThrow();
    expect(() => box.decrypt([version, iv, tag, flip(data)].join('.'))).toThrow();
    expect(() => box.decrypt([version, flip(iv), tag, data].join('.'))).toThrow();
    expect(() => box.decrypt(['v2', iv, tag, data].join('.'))).toThrow();
  });
});
