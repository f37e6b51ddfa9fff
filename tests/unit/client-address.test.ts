import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { localConfigSchema } from '../../functions/config';
import { addressSubject } from '../../functions/http/address-subject';
import { forwardedClient } from '../../functions/http/forwarded-client';

describe('the rate-limit subject of a client address', () => {
  it('is the IPv4 address itself', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const subject = '2001:db8:0:1::/64';
    for (const address of [
      '2001:db8:0:1::1',
      '2001:0DB8:0000:0001:ffff:ffff:ffff:ffff',
      '[2001:db8:0:1:1234::5]',
      '2001:db8:0:1::7%eth0',
      '2001:db8::1:0:0:0:9',
    ]) {
      expect(addressSubject(address), address).toBe(subject);
    }
    expect(addressSubject('2001:db8:0:2::1')).not.toBe(subject);
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
  });

  it('is the IPv4 client behind an IPv4-mapped IPv6 address', () => {
    expect(addressSubject('::ffff:198.51.100.4')).toBe('198.51.100.4');
    expect(addressSubject('::FFFF:c633:6404')).toBe('198.51.100.4');
  });

  it('is "unknown" for anything that is not an address', () => {
    for (const value of [
      undefined,
      '',
      'unknown',
      'evil.example.com',
      '1.2.3.999',
      '1:2:3',
      '::1::2',
      'x'.repeat(500),
    ]) {
      expect(addressSubject(value), String(value)).toBe('unknown');
    }
  });
});

describe('the client behind trusted proxies (TRUST_PROXY)', () => {
  it('ignores X-Forwarded-For unless proxies are trusted', () => {
    expect(forwardedClient('192.0.2.1', '203.0.113.9', 0)).toBe('192.0.2.1');
  });

  it('takes the right-most address the trusted proxies did not write', () => {
    // The client forged the first entry; the proxy appended the address it really saw.
    expect(forwardedClient('10.0.0.2', '1.1.1.1, 203.0.113.9', 1)).toBe('203.0.113.9');
    expect(forwardedClient('10.0.0.2', '1.1.1.1, 203.0.113.9, 10.0.0.1', 2)).toBe('203.0.113.9');
    expect(forwardedClient('10.0.0.2', ['1.1.1.1', '203.0.113.9'], 1)).toBe('203.0.113.9');
  });

  it('falls back to the socket when no proxy added the header', () => {
    expect(forwardedClient('198.51.100.3', undefined, 1)).toBe('198.51.100.3');
  });

  it('reads TRUST_PROXY as off, true (one proxy) or a count', () => {
    const trust = (value?: string) =>
      v.parse(localConfigSchema, value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(0);
    expect(trust('false')).toBe(0);
    expect(trust('true')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(v.safeParse(localConfigSchema, { TRUST_PROXY: 'yes' }).success).toBe(false);
  });
});
