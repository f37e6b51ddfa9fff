import { describe, expect, it } from 'vitest';
import { amoFieldValues } from '../../functions/integrations/amocrm/fields';
import { amoChannelMessage } from '../../functions/integrations/amocrm/inbound';
import { readAmoWebhook } from '../../functions/integrations/amocrm/webhook';
import { amoAccountDomain, amoTypeOfRedirect } from '../../functions/shared/amocrm';

/** A classic webhook as readWebhookBody hands it over: the form's fields, PHP-style keys. */
const form = (fields: Record<string, string>) => Object.fromEntries(new URLSearchParams(fields));

const incoming = form({
  'account[subdomain]': 'demo',
  'account[id]': '31257294',
  'message[add][0][id]': 'd3bac6d3-1b5e-40c2-a054-4e0cfe283edb',
  'message[add][0][chat_id]': '54caee02-e383-46d8-a9b7-1fb43f07cffe',
  'message[add][0][talk_id]': '100',
  'message[add][0][contact_id]': '93589657',
  'message[add][0][text]': 'Здравствуйте! Сколько стоит стрижка?',
  'message[add][0][created_at]': '1695486610',
  'message[add][0][element_type]': '2',
  'message[add][0][entity_type]': 'lead',
  'message[add][0][element_id]': '28455849',
  'message[add][0][entity_id]': '28455849',
  'message[add][0][type]': 'incoming',
  'message[add][0][author][id]': '1db2f5cc-aea4-4f96-8d4f-a256ead5b7b0',
  'message[add][0][author][type]': 'external',
  'message[add][0][author][name]': 'Олег',
  'message[add][0][origin]': 'telegram',
});

describe('amoCRM incoming-message webhook', () => {
  it('reads the customer message with its deal, contact and talk as the chat refs', () => {
    const [message] = readAmoWebhook(incoming) ?? [];
    expect(message && amoChannelMessage(message)).toEqual({
      chatExternalId: '54caee02-e383-46d8-a9b7-1fb43f07cffe',
      messageExternalId: 'd3bac6d3-1b5e-40c2-a054-4e0cfe283edb',
      author: 'customer',
      text: 'Здравствуйте! Сколько стоит стрижка?',
      refs: { lead_id: '28455849', contact_id: '93589657', talk_id: '100' },
      customer: { name: 'Олег' },
    });
  });

  it("takes a manager's outgoing message as the operator's and ignores a Salesbot's (the bot's own reply)", () => {
    const outgoing = (authorType: string) =>
      readAmoWebhook({
        ...incoming,
        'message[add][0][type]': 'outgoing',
        'message[add][0][author][type]': authorType,
      })?.map(amoChannelMessage)[0];
    expect(outgoing('user')?.author).toBe('operator');
    expect(outgoing('bot')).toBeNull();
  });

  it('answers other events with no messages, and a body that is no form with null (400)', () => {
    expect(readAmoWebhook(form({ 'leads[status][0][id]': '1' }))).toEqual([]);
    expect(readAmoWebhook('garbage')).toBeNull();
    expect(readAmoWebhook(undefined)).toBeNull();
  });

  it('keeps a picture without text as a placeholder', () => {
    const [message] =
      readAmoWebhook({
        ...incoming,
        'message[add][0][text]': '',
        'message[add][0][attachment][type]': 'picture',
      }) ?? [];
    expect(message && amoChannelMessage(message)?.text).toBe('[picture]');
  });
});

describe('amoCRM account domains', () => {
  it("accepts only the host's own account domains, so the client secret never goes elsewhere", () => {
    expect(amoAccountDomain('amocrm', 'Demo.amocrm.ru')).toBe('demo.amocrm.ru');
    expect(amoAccountDomain('amocrm', 'https://demo.amocrm.ru/')).toBe('demo.amocrm.ru');
    expect(amoAccountDomain('amocrm', 'evil.example.com')).toBeNull();
    expect(amoAccountDomain('amocrm', 'demo.amocrm.ru.evil.com')).toBeNull();
    expect(amoAccountDomain('amocrm', 'demo.kommo.com')).toBeNull();
    expect(amoAccountDomain('kommo', 'demo.kommo.com')).toBe('demo.kommo.com');
    expect(amoTypeOfRedirect('demo.kommo.com', '1')).toBe('kommo');
    expect(amoTypeOfRedirect('demo.amocrm.ru', '2')).toBe('amocrm');
  });
});

describe('values written into amoCRM fields', () => {
  const select = {
    id: 503,
    name: 'Услуга',
    type: 'select',
    enums: [
      { id: 6001, value: 'Стрижка' },
      { id: 6002, value: 'Окрашивание' },
    ],
  };

  it('picks a list option by its text, and names the options when none matches', () => {
    expect(amoFieldValues(select, ' стрижка ')).toEqual({ values: [{ enum_id: 6001 }] });
    expect(amoFieldValues(select, 'Маникюр')).toEqual({
      error: '«Услуга» has no option «Маникюр»; options: Стрижка, Окрашивание',
    });
  });

  it('writes numbers as strings, dates as Unix time and refuses what does not fit', () => {
    const numeric = { id: 502, name: 'Бюджет', type: 'numeric' };
    expect(amoFieldValues(numeric, '15 000,50')).toEqual({ values: [{ value: '15000.50' }] });
    expect(amoFieldValues(numeric, 'много')).toHaveProperty('error');
    const date = { id: 504, name: 'Дата визита', type: 'date' };
    expect(amoFieldValues(date, '31.12.2026')).toEqual({
      values: [{ value: Date.UTC(2026, 11, 31) / 1000 }],
    });
    expect(amoFieldValues({ id: 5, name: 'Согласие', type: 'checkbox' }, 'да')).toEqual({
      values: [{ value: true }],
    });
  });
});
