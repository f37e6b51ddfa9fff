import { describe, expect, it } from 'vitest';
import { checkOutboundUrl } from '../../functions/outbound/url-guard';

const reason = (url: string, allowPrivate = false) => {
  const check = checkOutboundUrl(url, { allowPrivate });
  return check.ok ? 'ok' : check.reason;
};

describe('webhook address check', () => {
  it('accepts public http(s) addresses on ports 80 and 443', () => {
    for (const url of [
      'https://crm.example.com/hook?x=1',
      'https://crm.example.com./hook',
      'http://93.184.216.34/hook',
      'http://93.184.216.34:80/hook',
      'https://93.184.216.34:443/hook',
      'http://crm.example.com:443/hook',
      'https://[2606:4700::1111]/',
    ]) {
      expect(reason(url), url).toBe('ok');
    }
  });

  it('refuses what is not an http(s) URL', () => {
    for (const url of [
      '',
      'crm.example.com',
      'ftp://example.com/x',
      'javascript:alert(1)',
      'https://user:pw@example.com/',
    ]) {
      expect(reason(url), url).toBe('invalid_url');
    }
  });

  it('refuses loopback, private, link-local and local names, in every spelling', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://2130706433/',
      'http://0x7f000001/',
      'http://0x7f.1/',
      'http://0177.0.0.1/',
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://198.18.0.1/',
      'http://192.0.2.1/',
      'http://203.0.113.1/',
      'http://224.0.0.1/',
      'http://255.255.255.255/',
      'http://[::]/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://[::127.0.0.1]/',
      'http://[64:ff9b::127.0.0.1]/',
      'http://[64:ff9b:1::a00:1]/',
      'http://[2002:7f00:1::]/',
      'http://[2001::1]/',
      'http://[2001:db8::1]/',
      'http://[100::1]/',
      'http://[fe80::1]/',
      'http://[fec0::1]/',
      'http://[fd00::1]/',
      'http://[ff02::1]/',
      'http://localhost/',
      'http://localhost./',
      'http://LOCALHOST../',
      'http://api.localhost/',
      'http://printer.local/',
      'http://printer.local./',
      'http://metadata.google.internal/',
      'http://intranet/',
      'http://intranet./',
    ]) {
      expect(reason(url), url).toBe('private_address');
    }
    expect(reason('http://172.32.0.1/')).toBe('ok');
  });

  it('allows only ports 80 and 443', () => {
    for (const url of [
      'http://crm.example.com:8080/hook',
      'https://crm.example.com:8443/',
      'http://93.184.216.34:22/',
      'http://93.184.216.34:6379/',
      'https://[2606:4700::1111]:444/',
    ]) {
      expect(reason(url), url).toBe('port_not_allowed');
    }
  });

  it('allows private addresses and any port when the installation allows private webhooks', () => {
    expect(reason('http://127.0.0.1:3000/hook', true)).toBe('ok');
    expect(reason('http://localhost./hook', true)).toBe('ok');
    expect(reason('ftp://127.0.0.1/', true)).toBe('invalid_url');
  });
});
