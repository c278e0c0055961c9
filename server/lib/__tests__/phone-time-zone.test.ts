import { describe, expect, it } from 'vitest';
import { phoneTimeZone } from '../phone-time-zone';

describe('phoneTimeZone', () => {
  it.each([
    ['a UK mobile', '+447700100000', 'Europe/London'],
    ['a French mobile', '+33612345678', 'Europe/Paris'],
    ['a Jersey number (+44, Jersey keeps London’s clock)', '+441534123456', 'Europe/London'],
    ['a Puerto Rico number (+1, one zone)', '+17872345678', 'America/Puerto_Rico'],
    // Germany lists Zurich too (Büsingen), on the same clock: Berlin, the zone named for Germany.
    ['a German mobile', '+4915123456789', 'Europe/Berlin'],
  ])('when the phone is %s, then the zone is its country’s', (_what, phone, zone) => {
    expect(phoneTimeZone(phone)).toBe(zone);
  });

  it.each([
    ['a US number (+1, several zones)', '+12133734253'],
    ['a Canadian number (+1, several zones)', '+12042345678'],
    ['an Australian mobile (several zones)', '+61412345678'],
    ['a Spanish mobile (the Canaries keep another clock)', '+34612345678'],
    ['an invalid number', '+447700900123'],
    ['no number', null],
    ['text that is no number', 'call me'],
  ])('when the phone is %s, then there is no single zone: null', (_what, phone) => {
    expect(phoneTimeZone(phone)).toBeNull();
  });
});
