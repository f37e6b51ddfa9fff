import { describe, expect, it } from 'vitest';
import { calendarEventTypes, salonBranches } from '../../web/src/api/booking';
import { readSalonUser } from '../../web/src/pages/integrations/salon-user-data';

const base64 = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64');

describe('the YCLIENTS marketplace user_data shown on the confirmation', () => {
  it('reads the user and the salon from base64 of UTF-8 JSON, standard or URL-safe', () => {
    const data = {
      id: 7,
      name: 'Анна Смирнова',
      email: 'anna@iris.ru',
      phone: 79990001122,
      salon_name: 'Ирис',
    };
    const expected = {
      name: 'Анна Смирнова',
      email: 'anna@iris.ru',
      phone: '79990001122',
      salonName: 'Ирис',
    };
    expect(readSalonUser(base64(data))).toEqual(expected);
    const urlSafe = base64(data).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(readSalonUser(urlSafe)).toEqual(expected);
  });

  it('reads garbage, a non-object and broken UTF-8 as nobody, never throwing', () => {
    const nobody = { name: null, email: null, phone: null, salonName: null };
    expect(readSalonUser('abc')).toEqual(nobody);
    expect(readSalonUser('%%%')).toEqual(nobody);
    expect(readSalonUser(base64(['a']))).toEqual(nobody);
    expect(readSalonUser(Buffer.from([0x7b, 0xff, 0x7d]).toString('base64'))).toEqual(nobody);
    expect(readSalonUser(base64({ name: '  ', email: 5 }))).toEqual({ ...nobody, email: '5' });
  });
});

describe('what a booking integration learned, as the web app reads it', () => {
  it('keeps branches and event types with an id, whatever else the data holds', () => {
    const connection_data = {
      branches: [
        { id: 501, title: 'Ирис', address: 'Тверская, 12', time_zone: 'Europe/Moscow' },
        { title: 'no id' },
        'x',
      ],
      event_types: [
        { uri: 'https://api.calendly.com/event_types/1', name: 'Консультация', duration_minutes: 60 },
        {},
      ],
    };
    expect(salonBranches({ connection_data })).toEqual([
      { id: '501', title: 'Ирис', address: 'Тверская, 12', time_zone: 'Europe/Moscow' },
    ]);
    expect(calendarEventTypes({ connection_data })).toEqual([
      {
        uri: 'https://api.calendly.com/event_types/1',
        name: 'Консультация',
        duration_minutes: 60,
        scheduling_url: '',
        active: true,
      },
    ]);
    expect(salonBranches({ connection_data: { branches: 'none' } })).toEqual([]);
    expect(salonBranches(undefined)).toEqual([]);
  });
});
