import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { hostAllowed, normaliseDomain, originHost } from '../../functions/shared/onchat';
import { onchatSettingsSchema, readOnchatSettings } from '../../functions/shared/schemas/onchat';

describe('widget allowed domains', () => {
  it.each([
    ['shop.example.com', 'shop.example.com'],
    ['  Shop.Example.COM  ', 'shop.example.com'],
    ['https://shop.example.com/catalog?page=2#top', 'shop.example.com'],
    ['http://user:pass@shop.example.com:8080', 'shop.example.com'],
    ['//shop.example.com/', 'shop.example.com'],
    ['shop.example.com.', 'shop.example.com'],
    ['*.Example.com', '*.example.com'],
    ['https://*.example.com/path', '*.example.com'],
    ['пример.рф', 'xn--e1afmkfd.xn--p1ai'],
    ['localhost:3000', 'localhost'],
    ['127.0.0.1', '127.0.0.1'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normaliseDomain(input)).toBe(expected);
  });

  it.each([
    '',
    '   ',
    'https://',
    'not a domain',
    'shop..example.com',
    '-shop.example.com',
    'shop_1.example.com',
    '*.',
    '*',
    'a.*.example.com',
    'https://[::1]',
  ])('refuses %j', (input) => {
    expect(normaliseDomain(input)).toBeNull();
  });

  it('matches a host exactly, with or without www., whatever the port', () => {
    const allowed = ['shop.example.com'];
    expect(hostAllowed('shop.example.com', allowed)).toBe(true);
    expect(hostAllowed('www.shop.example.com', allowed)).toBe(true);
    expect(hostAllowed('SHOP.example.com.', allowed)).toBe(true);
    expect(hostAllowed('example.com', allowed)).toBe(false);
    expect(hostAllowed('a.shop.example.com', allowed)).toBe(false);
    expect(hostAllowed('evilshop.example.com', allowed)).toBe(false);
    expect(hostAllowed('shop.example.com.evil.net', allowed)).toBe(false);
    expect(hostAllowed('example.com', ['www.example.com'])).toBe(true);
  });

  it('matches every subdomain and the domain itself with *.', () => {
    const allowed = ['*.example.com'];
    for (const host of ['example.com', 'www.example.com', 'a.b.example.com']) {
      expect(hostAllowed(host, allowed)).toBe(true);
    }
    for (const host of ['badexample.com', 'example.com.evil.net', 'example.org']) {
      expect(hostAllowed(host, allowed)).toBe(false);
    }
  });

  it('allows every site with an empty list, and nothing without a host otherwise', () => {
    expect(hostAllowed('anything.test', [])).toBe(true);
    expect(hostAllowed('', ['example.com'])).toBe(false);
  });

  it('reads the host of an Origin header', () => {
    expect(originHost('https://shop.example.com:8443')).toBe('shop.example.com');
    expect(originHost('http://127.0.0.1:5173')).toBe('127.0.0.1');
    expect(originHost('http://[::1]:3000')).toBe('::1');
    expect(originHost('null')).toBeNull();
    expect(originHost(undefined)).toBeNull();
    expect(originHost('chrome-extension://abc')).toBeNull();
    expect(originHost('not a url')).toBeNull();
  });
});

describe('widget settings schema', () => {
  it('fills defaults in the chosen language and deduplicates domains', () => {
    const output = v.parse(onchatSettingsSchema, {
      language: 'en',
      allowed_domains: ['A.com', 'https://a.com/x'],
    });
    expect(output).toEqual({
      color: '#4c6ef5',
      language: 'en',
      welcome_enabled: true,
      welcome_text: 'Hello! How can we help you?',
      title: 'Online chat',
      additional_title: '',
      subtitle: 'We usually reply within a couple of minutes',
      show_online: true,
      allowed_domains: ['a.com'],
    });
  });

  it('reads broken stored settings field by field, keeping what is usable', () => {
    expect(
      readOnchatSettings({ color: 'blue', title: 'Магазин', allowed_domains: ['ok.com', 'bad domain'] }),
    ).toMatchObject({ color: '#4c6ef5', title: 'Магазин', allowed_domains: ['ok.com'] });
    const broken = readOnchatSettings({ allowed_domains: ['bad domain'] });
    expect(hostAllowed('shop.example.com', broken.allowed_domains)).toBe(false);
    expect(readOnchatSettings({ allowed_domains: 'x' }).allowed_domains).toEqual(['invalid']);
    expect(readOnchatSettings({ color: 'x' }).allowed_domains).toEqual([]);
  });
});
