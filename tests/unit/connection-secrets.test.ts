import { describe, expect, it } from 'vitest';
import { sealConnectionData } from '../../functions/integrations/connection-secrets';
import { isSealed } from '../../functions/secrets/secret-box';
import {
  changesCredentials,
  clientConnectionData,
  connectionDataView,
  maskSecret,
  serverConnectionData,
} from '../../functions/services/integrations/integration-view';

const KEY = 'dGVzdC1zZWNyZXRzLWtleS0zMi1ieXRlcy1sb25nISE=';
const OTHER_KEY = '00'.repeat(32);
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const stored = {
  token: TOKEN,
  webhook_secret: 'w'.repeat(43),
  bot_username: 'salon_bot',
  connected_at: '2026-01-01T00:00:00.000Z',
  note: 'x',
};

describe('connection_data: what the API answers', () => {
  it('answers only the type’s known fields: settings and learned as stored, credentials masked', () => {
    expect(connectionDataView('telegram', stored)).toEqual({
      token: '••••Dsaw',
      bot_username: 'salon_bot',
      connected_at: '2026-01-01T00:00:00.000Z',
    });
    expect(maskSecret('short')).toBe('••••');
    expect(
      connectionDataView('messagehelp', { password: 12345, api_key: null, secret_key: 'k', note: 1 }),
    ).toEqual({
      password: '••••',
      api_key: null,
    });
    expect(connectionDataView('onchat', { color: '#112233', token: 'x', webhook_secret: 'y' })).toEqual({
      color: '#112233',
    });
  });

  it('masks a sealed credential by its stored tail, and shows nothing of a server secret', async () => {
    const sealed = await sealConnectionData(KEY, 'telegram', stored);
    const view = connectionDataView('telegram', sealed);
    expect(view).toEqual({
      token: '••••Dsaw',
      bot_username: 'salon_bot',
      connected_at: '2026-01-01T00:00:00.000Z',
    });
    const short = await sealConnectionData(KEY, 'yclients', { password: 'hunter2' });
    expect(connectionDataView('yclients', short)).toEqual({ password: '••••' });
    expect(JSON.stringify(short)).not.toContain('hunter2');
    // A password shows nothing of itself, however long.
    const long = await sealConnectionData(KEY, 'yclients', {
      password: 'correct-horse-battery',
      login: 'admin@salon.ru',
    });
    expect(connectionDataView('yclients', long)).toEqual({ password: '••••', login: '••••n.ru' });
  });
});

describe('connection_data: what a client may write', () => {
  it('keeps a stored credential sent back masked, blank or not at all, and takes a new one', () => {
    expect(clientConnectionData('telegram', { token: '••••Dsaw', note: 'y' }, stored)).toEqual({
      token: TOKEN,
    });
    expect(clientConnectionData('telegram', { note: 'y' }, stored)).toEqual({ token: TOKEN });
    expect(clientConnectionData('telegram', { token: '' }, stored)).toEqual({ token: TOKEN });
    expect(clientConnectionData('telegram', { token: '1:new' }, stored)).toEqual({ token: '1:new' });
    expect(clientConnectionData('telegram', { token: '••••abcd' })).toEqual({});
    // Never anything but text: a client cannot hand in a sealed value of its own.
    const forged = { v: 1, iv: 'AAAA', ct: 'AAAA' };
    expect(clientConnectionData('telegram', { token: forged }, stored)).toEqual({ token: TOKEN });
    expect(clientConnectionData('messagehelp', { password: 12345 })).toEqual({ password: '12345' });
  });

  it('never takes the server’s fields or unknown ones from a client, and keeps the server’s across a save', () => {
    const sent = { webhook_secret: 'mine', bot_id: 1, bot_username: 'x', bot_name: 'y', connected_at: 'z' };
    expect(clientConnectionData('telegram', sent, stored)).toEqual({ token: TOKEN });
    expect(clientConnectionData('imot.io', { pipeline: 7, api_key: 'k' })).toEqual({ api_key: 'k' });
    expect(serverConnectionData('telegram', stored)).toEqual({
      webhook_secret: stored.webhook_secret,
      bot_username: 'salon_bot',
      connected_at: stored.connected_at,
    });
  });

  it('tells a new credential from the stored one, sealed or plain', async () => {
    const sealed = await sealConnectionData(KEY, 'telegram', stored);
    expect(await changesCredentials(KEY, 'telegram', stored, { token: TOKEN })).toBe(false);
    expect(await changesCredentials(KEY, 'telegram', stored, { token: '1:new' })).toBe(true);
    expect(await changesCredentials(KEY, 'telegram', sealed, { token: sealed.token })).toBe(false);
    expect(await changesCredentials(KEY, 'telegram', sealed, { token: TOKEN })).toBe(false);
    expect(await changesCredentials(KEY, 'telegram', sealed, { token: '1:new' })).toBe(true);
    // One that no longer opens (another key) is replaced by whatever comes.
    expect(await changesCredentials(OTHER_KEY, 'telegram', sealed, { token: TOKEN })).toBe(true);
  });
});

describe('connection_data at rest', () => {
  it('seals credentials and server secrets, plain ones from before encryption too, and nothing else', async () => {
    const sealed = await sealConnectionData(KEY, 'telegram', stored);
    expect(isSealed(sealed.token)).toBe(true);
    expect(isSealed(sealed.webhook_secret)).toBe(true);
    expect(sealed).toMatchObject({ bot_username: 'salon_bot', connected_at: stored.connected_at });
    const text = JSON.stringify(sealed);
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain(stored.webhook_secret);
    // Sealed values stay as they are; a new seal of the same text differs (a fresh IV each time).
    const again = await sealConnectionData(KEY, 'telegram', sealed);
    expect(again.token).toBe(sealed.token);
    const twice = await sealConnectionData(KEY, 'telegram', stored);
    expect(twice.token).not.toEqual(sealed.token);
  });
});
