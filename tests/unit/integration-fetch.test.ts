import { describe, expect, it } from 'vitest';
import { fetchFor } from '../../functions/integrations/module';
import type { GuardedFetch } from '../../functions/outbound/guarded-fetch';
import { TEST_SETTINGS } from '../support/test-app';

/** Which calls of a module go through the guarded fetch, and with which rules. */
function recordingSettings(allowPrivateAddresses?: boolean) {
  const guarded: { url: string; rules: unknown }[] = [];
  const guardedFetch: GuardedFetch = async (url, _init, rules) => {
    guarded.push({ url: String(url), rules });
    return new Response('guarded');
  };
  const settings = {
    ...TEST_SETTINGS,
    guardedFetch,
    allowPrivateAddresses,
    apiRoots: { alfacrm: 'http://127.0.0.1:1/proxy/' },
  };
  return { settings, guarded };
}

describe("a module's fetch", () => {
  it("sends an account's address through the guarded fetch, https only", async () => {
    const { settings, guarded } = recordingSettings();
    const send = fetchFor(settings, 'bitrix');
    expect(await (await send('https://portal.example.com/rest/user.get', {})).text()).toBe('guarded');
    expect(guarded).toEqual([
      { url: 'https://portal.example.com/rest/user.get', rules: { allowPrivate: false, httpsOnly: true } },
    ]);
  });

  it('passes the installation’s private-address allowance on', async () => {
    const { settings, guarded } = recordingSettings(true);
    await fetchFor(settings, 'amocrm')('http://127.0.0.1:9/api/v4/account', {});
    expect(guarded[0]?.rules).toEqual({ allowPrivate: true, httpsOnly: true });
  });

  it('guards what merely starts like the configured root, or belongs to another type', async () => {
    const { settings, guarded } = recordingSettings();
    await fetchFor(settings, 'alfacrm')('http://127.0.0.1:1/proxy-evil/v2api', {});
    await fetchFor(settings, 'alfacrm')('http://127.0.0.1:10/proxy/v2api', {});
    await fetchFor(settings, 'retailcrm')('http://127.0.0.1:1/proxy/api/v5', {});
    expect(guarded.map((call) => call.url)).toEqual([
      'http://127.0.0.1:1/proxy-evil/v2api',
      'http://127.0.0.1:10/proxy/v2api',
      'http://127.0.0.1:1/proxy/api/v5',
    ]);
  });

  it('calls the root the operator configured directly', async () => {
    const { settings, guarded } = recordingSettings();
    // Nothing listens on port 1: the direct fetch fails on the network, the guarded one was not asked.
    await expect(
      fetchFor(settings, 'alfacrm')('http://127.0.0.1:1/proxy/v2api/auth/login', {}),
    ).rejects.toThrow();
    expect(guarded).toEqual([]);
  });
});
