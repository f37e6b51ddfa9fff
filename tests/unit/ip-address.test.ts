import { describe, expect, it } from 'vitest';
import { isIpAddress, isPublicAddress, parseIpv6 } from '../../functions/outbound/ip-address';

describe('webhook addresses: IPv4', () => {
  it('refuses every range that is not public', () => {
    for (const address of [
      '0.0.0.0',
      '0.255.255.255',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.1',
      '192.0.0.255',
      '192.0.2.10',
      '192.88.99.1',
      '192.168.0.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.255',
      '240.0.0.1',
      '255.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('accepts public addresses, up to the edges of the refused ranges', () => {
    for (const address of [
      '1.1.1.1',
      '8.8.8.8',
      '93.184.216.34',
      '9.255.255.255',
      '11.0.0.0',
      '100.63.255.255',
      '100.128.0.0',
      '126.255.255.255',
      '128.0.0.0',
      '169.253.255.255',
      '172.15.255.255',
      '172.32.0.0',
      '192.0.1.0',
      '192.0.3.0',
      '192.167.255.255',
      '198.17.255.255',
      '198.20.0.0',
      '203.0.112.255',
      '223.255.255.255',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('counts what it cannot read as not public', () => {
    for (const text of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.-4',
      'example.com',
      '::g',
    ]) {
      expect(isPublicAddress(text), text).toBe(false);
    }
  });
});

describe('webhook addresses: IPv6', () => {
  it('reads every written form', () => {
    expect(parseIpv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIpv6('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('2001:DB8::1:0')).toEqual([0x2001, 0xdb8, 0, 0, 0, 0, 1, 0]);
    expect(parseIpv6('::ffff:127.0.0.1')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]);
    expect(parseIpv6('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    for (const text of ['1:2:3:4:5:6:7', '1::2::3', '1:2:3:4:5:6:7:8::', '12345::', '1.2.3.4::', ':1::']) {
      expect(parseIpv6(text), text).toBeNull();
    }
  });

  it('refuses unspecified, loopback, compatible, translated and every non-global range', () => {
    for (const address of [
      '::',
      '::1',
      '[::1]',
      '::127.0.0.1', // IPv4-compatible (::/96)
      '::8.8.8.8',
      '::ffff:0:8.8.8.8', // IPv4-translated
      '64:ff9b:1::8.8.8.8', // local-use NAT64
      '100::1', // discard-only
      '2001::1', // Teredo
      '2001:0:4136:e378:8000:63bf:3fff:fdd2',
      '2001:db8::1',
      '2001:db8:ffff::1',
      '3fff::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'fe80::1%eth0',
      'febf::1',
      'fec0::1', // site-local
      'feff::1',
      'ff02::1',
      'ff05::2',
      '4000::1', // outside global unicast
      '::2',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('judges the IPv4 address carried by mapped, NAT64 and 6to4 forms', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1', // the URL parser's spelling of it
      '::ffff:10.0.0.1',
      '::ffff:169.254.169.254',
      '64:ff9b::127.0.0.1',
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '2002:7f00:1::1',
      '2002:c0a8:101::',
      '2002:a00:1::5',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('accepts global unicast', () => {
    for (const address of [
      '2606:4700::1111',
      '[2606:4700::1111]',
      '2a00:1450:4001:80b::200e',
      '2001:4860::8888',
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('tells addresses from host names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true);
    expect(isIpAddress('[::1]')).toBe(true);
    expect(isIpAddress('crm.example.com')).toBe(false);
    expect(isIpAddress('localhost.')).toBe(false);
  });
});
