import { describe, expect, it } from 'vitest';
import { isRetailToken } from '../../functions/integrations/retailcrm/account';
import { readMgFrame } from '../../functions/integrations/retailcrm/mg-events';
import { hmacHex } from '../../functions/shared/hmac-hex';
import { retailSystemUrl } from '../../functions/shared/retailcrm';

const frame = (message: Record<string, unknown>, type = 'message_new') => ({ type, data: { message } });

describe('RetailCRM account addresses', () => {
  it("keeps RetailCRM's and Simla's hosts over https, refusing anything that only looks like one", () => {
    expect(retailSystemUrl('https://Shop.RetailCRM.ru/')).toBe('https://shop.retailcrm.ru');
    expect(retailSystemUrl(' https://demo.simla.com/orders ')).toBe('https://demo.simla.com');
    for (const url of [
      'http://shop.retailcrm.ru',
      'https://retailcrm.ru',
      'https://shop.retailcrm.ru.evil.example',
      'https://evilretailcrm.ru',
      'https://user:pass@shop.retailcrm.ru',
      'https://shop.retailcrm.ru:8443',
      'not a url',
    ]) {
      expect(retailSystemUrl(url), url).toBeNull();
    }
  });

  it('takes the register token only as the hex HMAC of the key under the module secret', async () => {
    const token = hmacHex('module-secret', 'api-key-1');
    expect(await isRetailToken('module-secret', 'api-key-1', token)).toBe(true);
    expect(await isRetailToken('module-secret', 'api-key-1', token.toUpperCase())).toBe(true);
    expect(await isRetailToken('module-secret', 'api-key-2', token)).toBe(false);
    expect(await isRetailToken('another-secret', 'api-key-1', token)).toBe(false);
  });
});

describe('RetailCRM chat gateway frames', () => {
  it("reads a customer's message with their name and phone, and a manager's public one as the operator's", () => {
    const [customer] =
      readMgFrame(
        frame({
          id: 11,
          chat_id: 3,
          type: 'text',
          scope: 'public',
          content: ' Здравствуйте ',
          from: { type: 'customer', name: 'Анна' },
          chat: { customer: { phone: '+79990001122' } },
          dialog: { id: 30 },
        }),
      ) ?? [];
    expect(customer).toEqual({
      chatExternalId: '3',
      messageExternalId: '11',
      author: 'customer',
      text: 'Здравствуйте',
      customer: { name: 'Анна', phone: '+79990001122', username: null },
      refs: { chat_id: '3', dialog_id: '30' },
    });
    const manager = readMgFrame(
      frame({ id: 12, chat_id: 3, type: 'text', content: 'Я помогу', from: { type: 'user' } }),
    );
    expect(manager?.[0]).toMatchObject({ author: 'operator', text: 'Я помогу' });
  });

  it("leaves the bot's own messages, private notes, system messages and other events alone; refuses garbage", () => {
    expect(
      readMgFrame(frame({ id: 1, chat_id: 3, type: 'text', content: 'x', from: { type: 'bot' } })),
    ).toEqual([]);
    expect(
      readMgFrame(
        frame({ id: 2, chat_id: 3, type: 'text', scope: 'private', content: 'x', from: { type: 'user' } }),
      ),
    ).toEqual([]);
    expect(
      readMgFrame(frame({ id: 3, chat_id: 3, type: 'system', content: 'x', from: { type: 'customer' } })),
    ).toEqual([]);
    expect(readMgFrame({ type: 'dialog_closed', data: {} })).toEqual([]);
    expect(readMgFrame({ data: {} })).toBeNull();
    expect(
      readMgFrame(frame({ chat_id: 3, type: 'text', content: 'x', from: { type: 'customer' } })),
    ).toBeNull();
  });

  it('keeps an image as a placeholder with its caption', () => {
    const [image] =
      readMgFrame(
        frame({ id: 4, chat_id: 3, type: 'image', content: 'вот так', from: { type: 'customer' } }),
      ) ?? [];
    expect(image?.text).toBe('[image] вот так');
  });
});
