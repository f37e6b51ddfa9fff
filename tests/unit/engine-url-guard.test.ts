import { describe, expect, it } from 'vitest';
import { checkWebhookUrl } from '../../functions/engine/actions/url-guard';

const reason = (url: string, allowPrivate = false) => {
  const check = checkWebhookUrl(url, allowPrivate);
  return check.ok ? 'ok' : check.reason;
};

describe('webhook address check', () => {
  it('accepts public http(s) addresses', () => {
    expect(reason('https://crm.example.com/hook?x=1')).toBe('ok');
    expect(reason('http://93.184.216.34:8080/hook')).toBe('ok');
    expect(reason('https://[2606:4700::1111]/')).toBe('ok');
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
      'http://0.0.0.0/',
      'http://10.1.2.3/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://100.64.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://localhost:8080/',
      'http://api.localhost/',
      'http://printer.local/',
      'http://metadata.google.internal/',
      'http://intranet/',
    ]) {
      expect(reason(url), url).toBe('private_address');
    }
    expect(reason('http://172.32.0.1/')).toBe('ok');
  });

  it('allows them when the installation allows private webhooks', () => {
    expect(reason('http://127.0.0.1:3000/hook', true)).toBe('ok');
    expect(reason('ftp://127.0.0.1/', true)).toBe('invalid_url');
  });
});
