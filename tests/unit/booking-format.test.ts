import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { localDate, slotLabel } from '../../functions/integrations/booking/slot-label';
import { userDataSigned, userOfUserData } from '../../functions/integrations/yclients/signature';

describe('booking times as the customer reads them', () => {
  const at = new Date('2026-12-05T12:00:00Z');

  it("shows the salon's own time, in ru and en", () => {
    expect(slotLabel(at, 'Europe/Moscow', 'ru')).toBe('сб, 5 дек., 15:00');
    expect(slotLabel(at, 'Europe/Moscow', 'en')).toBe('Sat 5 Dec, 15:00');
    expect(slotLabel(at, 'Asia/Yekaterinburg', 'ru')).toBe('сб, 5 дек., 17:00');
  });

  it("gives the calendar date in the salon's zone, which may differ from UTC's", () => {
    expect(localDate(new Date('2026-12-05T22:30:00Z'), 'Europe/Moscow')).toBe('2026-12-06');
    expect(localDate(new Date('2026-12-05T22:30:00Z'), 'UTC')).toBe('2026-12-05');
  });
});

describe("the YCLIENTS marketplace's user_data signature", () => {
  const partner = 'partner-token-1';
  const json = JSON.stringify({ id: 5, name: 'Ольга', email: 'o@salon.ru' });
  const userData = Buffer.from(json, 'utf8').toString('base64');
  const sign = (text: string) => createHmac('sha256', partner).update(text).digest('hex');

  it('accepts the signature over the decoded JSON and over the base64 text', async () => {
    expect(userDataSigned(userData, sign(json), partner)).toBe(true);
    expect(userDataSigned(userData, sign(userData), partner)).toBe(true);
    expect(userDataSigned(userData, sign(userData).toUpperCase(), partner)).toBe(true);
  });

  it('refuses another key, changed data and what is not base64', async () => {
    expect(userDataSigned(userData, createHmac('sha256', 'other').update(json).digest('hex'), partner)).toBe(
      false,
    );
    const changed = Buffer.from(JSON.stringify({ id: 6, name: 'Ольга' }), 'utf8').toString('base64');
    expect(userDataSigned(changed, sign(json), partner)).toBe(false);
    expect(userDataSigned('%%%', sign('%%%'), partner)).toBe(false);
    expect(userOfUserData(userData)).toEqual({ id: '5', name: 'Ольга' });
  });
});
