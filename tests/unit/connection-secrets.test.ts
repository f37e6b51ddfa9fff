import { describe, expect, it } from 'vitest';
import {
  changesSecrets,
  clientConnectionData,
  connectionDataView,
  maskSecret,
  serverConnectionData,
} from '../../functions/services/integrations/integration-view';

const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const stored = {
  token: TOKEN,
  webhook_secret: 'w'.repeat(43),
  bot_username: 'salon_bot',
  connected_at: '2026-01-01T00:00:00.000Z',
  note: 'x',
};

describe('connection_data secrets', () => {
  it('shows secrets masked and the server-made secret not at all', () => {
    expect(connectionDataView(stored)).toEqual({
      token: '••••Dsaw',
      bot_username: 'salon_bot',
      connected_at: '2026-01-01T00:00:00.000Z',
      note: 'x',
    });
    expect(maskSecret('short')).toBe('••••');
    expect(connectionDataView({ password: 12345, api_key: null })).toEqual({
      password: '••••',
      api_key: null,
    });
  });

  it('keeps a stored secret sent back masked, blank or not at all, and takes a new one', () => {
    expect(clientConnectionData({ token: '••••Dsaw', note: 'y' }, stored)).toEqual({
      token: TOKEN,
      note: 'y',
    });
    expect(clientConnectionData({ note: 'y' }, stored)).toEqual({ note: 'y', token: TOKEN });
    expect(clientConnectionData({ token: '' }, stored)).toEqual({ token: TOKEN });
    expect(clientConnectionData({ token: '1:new' }, stored)).toEqual({ token: '1:new' });
    expect(clientConnectionData({ token: '••••abcd' })).toEqual({});
  });

  it('never takes the server’s fields from a client and keeps them across a save', () => {
    const sent = { webhook_secret: 'mine', bot_id: 1, bot_username: 'x', bot_name: 'y', connected_at: 'z' };
    expect(clientConnectionData(sent, stored)).toEqual({ token: TOKEN });
    expect(serverConnectionData(stored)).toEqual({
      webhook_secret: stored.webhook_secret,
      bot_username: 'salon_bot',
      connected_at: stored.connected_at,
    });
    expect(changesSecrets(stored, { token: TOKEN })).toBe(false);
    expect(changesSecrets(stored, { token: '1:new' })).toBe(true);
  });
});
