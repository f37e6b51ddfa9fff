import { describe, expect, it } from 'vitest';
import { addressSubject } from '../../functions/http/address-subject';
import { PlaceCounter } from '../../functions/local-rooms-caps';
import { grantRevoked, isRevoked, parseSessionSockets } from '../../functions/shared/room-revoke';

describe('places per client address', () => {
  it('counts IPv4 as is, IPv4-mapped as IPv4, and IPv6 by its /64', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressSubject('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:DB8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('refuses over the cap and gives each place back once', () => {
    const places = new PlaceCounter(2);
    const first = places.take('a');
    expect(places.take('a')).not.toBeNull();
    expect(places.take('a')).toBeNull();
    expect(places.take('b')).not.toBeNull();
    first?.();
    first?.();
    expect(places.take('a')).not.toBeNull();
    expect(places.take('a')).toBeNull();
  });
});

describe('revoking the sockets of ended sessions', () => {
  it("closes one session's sockets, or all but one session's (sessionless ones included)", () => {
    expect(isRevoked({ session: 's1' }, 's1')).toBe(true);
    expect(isRevoked({ session: 's1' }, 's2')).toBe(false);
    expect(isRevoked({ session: 's1' }, null)).toBe(false);
    expect(isRevoked({ allBut: 's1' }, 's1')).toBe(false);
    expect(isRevoked({ allBut: 's1' }, 's2')).toBe(true);
    expect(isRevoked({ allBut: 's1' }, null)).toBe(true);
    expect(isRevoked({ allBut: null }, 's1')).toBe(true);
  });

  it('refuses tokens of an ended session, and others only when issued before the revocation', () => {
    const list = [
      { which: { session: 's1' }, at: 1_000 },
      { which: { allBut: 'keep' }, at: 2_000 },
    ];
    expect(grantRevoked(list, { sid: 's1', iat: 1_500, exp: 5_000 })).toBe(true);
    expect(grantRevoked(list, { sid: 's2', iat: 1_999, exp: 5_000 })).toBe(true);
    expect(grantRevoked(list, { sid: 's2', iat: 2_000, exp: 5_000 })).toBe(false);
    expect(grantRevoked(list, { sid: 'keep', iat: 1_500, exp: 5_000 })).toBe(false);
  });

  it('reads only well-formed revoke commands', () => {
    expect(parseSessionSockets({ session: 's1' })).toEqual({ session: 's1' });
    expect(parseSessionSockets({ allBut: null })).toEqual({ allBut: null });
    expect(parseSessionSockets({ allBut: 3 })).toBeNull();
    expect(parseSessionSockets({})).toBeNull();
    expect(parseSessionSockets(null)).toBeNull();
  });
});
