import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../crypto';
import { sealedTokens } from '../sealed-token';

const box = createSecretBox('a'.repeat(64));
const unsubscribe = sealedTokens('unsub1', ['email', 'sms'] as const);
const alerts = sealedTokens('alerts1', ['instant', 'digest'] as const);

describe('sealed link tokens', () => {
  it('when a token is sealed, then it opens to its id and kind, and hides them', () => {
    const token = unsubscribe.seal(box, 42, 'sms');
    // A token is random base64url, so "42" may well appear in it by chance: its decoded parts are what must
    // not hold the sealed text.
    const decodedParts = token.split('.').map((part) => Buffer.from(part, 'base64url').toString('latin1'));

    expect(decodedParts.join('|')).not.toContain('unsub1');
    expect(token).not.toContain(Buffer.from('unsub1:42:sms').toString('base64url').slice(0, 8));
    expect(unsubscribe.seal(box, 42, 'sms')).not.toBe(token);
    expect(unsubscribe.open(box, token)).toEqual({ id: 42, kind: 'sms' });
  });

  it('when a token of one family is offered to another, or made with another key, then it opens to nothing', () => {
    expect(unsubscribe.open(box, alerts.seal(box, 42, 'digest'))).toBeUndefined();
    expect(
      unsubscribe.open(createSecretBox('b'.repeat(64)), unsubscribe.seal(box, 42, 'email')),
    ).toBeUndefined();
  });

  it('when the sealed text names an unknown kind, a bad id or is too long, then it opens to nothing', () => {
    expect(unsubscribe.open(box, box.encrypt('unsub1:42:fax'))).toBeUndefined();
    expect(unsubscribe.open(box, box.encrypt('unsub1:0:email'))).toBeUndefined();
    expect(unsubscribe.open(box, box.encrypt('unsub1:1.5:email'))).toBeUndefined();
    expect(unsubscribe.open(box, 'x'.repeat(513))).toBeUndefined();
  });
});
