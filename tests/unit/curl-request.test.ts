import { describe, expect, it } from 'vitest';
import { curlRequest } from '../support/curl-request';

const variables = { BASE_URL: 'https://app.example.com', API_KEY: 'bk_secret', CHAT_ID: 'c1' };

describe('curlRequest: a documented curl command read without a shell', () => {
  it('reads the method, the URL, the headers and the body, expanding variables outside single quotes', () => {
    const request = curlRequest(
      `curl -X POST "$BASE_URL/api/chats/$CHAT_ID/pause" \\
  -H "Authorization: Bearer $API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"code": 3, "note": "$API_KEY"}'`,
      variables,
    );
    expect(request).toEqual({
      method: 'POST',
      url: 'https://app.example.com/api/chats/c1/pause',
      headers: { authorization: 'Bearer bk_secret', 'content-type': 'application/json' },
      body: '{"code": 3, "note": "$API_KEY"}',
    });
  });

  it('takes GET without a body and POST with one when no method is given', () => {
    expect(curlRequest('curl "$BASE_URL/api/chats?per_page=20"', variables)).toMatchObject({
      method: 'GET',
      url: 'https://app.example.com/api/chats?per_page=20',
      body: undefined,
    });
    expect(curlRequest(`curl $BASE_URL/api/bot -d '{}'`, variables).method).toBe('POST');
  });

  it('refuses what it cannot read rather than skipping it', () => {
    expect(() => curlRequest('wget "$BASE_URL/api/chats"', variables)).toThrow(/not a curl command/);
    expect(() => curlRequest('curl -k "$BASE_URL/api/chats"', variables)).toThrow(/-k is not understood/);
    expect(() => curlRequest('curl "$HOST/api/chats"', variables)).toThrow(/\$HOST/);
    expect(() => curlRequest(`curl "$BASE_URL/api/chats -d '{}'`, variables)).toThrow(/unclosed/);
  });
});
