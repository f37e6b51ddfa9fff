import { OpenAiLlm } from '../functions/ports/llm-openai';
import { apiClient } from '../tests/api/support/client';
import { startFakeOpenAi } from '../tests/fakes/openai';
import { startFakeSalon } from '../tests/fakes/yclients';
import { createTestApp } from '../tests/support/test-app';
import { fundedOwner } from './owner';
import { ms, percentile } from './stats';

const API_KEY = 'sk-bench';
const BOOKINGS = 30;
/** Bookings are spaced so the product's own limiter (5 calls a second, 200 a minute) never waits. */
const SPACING_MS = 1300;
const SALON = 1;
const SERVICE = 1;
const STAFF = [11, 12, 13, 14, 15];

/**
 * A booking turn without the model: a Check customer confirms a time, the instant fake model calls
 * the booking tool once and then answers, and the record lands in the fake YCLIENTS (in-process app,
 * the salon on a local port). The two model calls, timed alone, are subtracted; what is left is the
 * engine's share plus the salon's own calls (services, check, record, staff).
 */
export async function bookingFigures(): Promise<string[]> {
  const fake = await startFakeOpenAi({ apiKey: API_KEY });
  const salon = await startFakeSalon({ rateLimitPerSecond: 10_000, rateLimitPerMinute: 1_000_000 });
  const llm = new OpenAiLlm({ baseUrl: fake.baseUrl, apiKey: API_KEY, maxRetries: 0 });
  const t = await createTestApp({
    llm,
    settings: {
      allowPrivateAddresses: true,
      apiRoots: { yclients: salon.url },
      oauthClients: { yclients: { id: String(salon.applicationId), secret: salon.partnerToken } },
    },
  });
  try {
    salon.addCompany({ id: SALON, title: 'Bench salon' });
    salon.addService(SALON, { id: SERVICE, title: 'Стрижка', price_min: 1500, seance_length: 3600 });
    for (const id of STAFF) {
      salon.addStaff(SALON, { id, name: `Мастер ${id}`, serviceIds: [SERVICE] });
      salon.setSchedule(SALON, id, { from: '10:00', to: '20:00', days: 14 });
    }
    const call = apiClient(t);
    const owner = await fundedOwner(t);
    const link = salon.marketplaceRedirect(SALON, { id: 1, name: 'Bench' });
    const integration = await call('POST', '/api/integrations', {
      token: owner.token,
      body: { type: 'yclients', connection_data: link },
    });
    await call('POST', `/api/integrations/connect/${integration.json.id}`, { token: owner.token });
    const action = (type: string, settings: Record<string, unknown>) => ({
      name: type,
      description: type,
      goal_prompt: 'when asked',
      type,
      settings: { integration_id: integration.json.id, ...settings },
    });
    const bot = await call('POST', '/api/bot', {
      token: owner.token,
      body: {
        name: 'Bench booking',
        system_prompt: 'Book visits.',
        process_scheme: 'instant',
        actions_enable: true,
        actions: [action('get_branches', { branches: [String(SALON)] }), action('booking', {})],
      },
    });
    const on = await call('PATCH', `/api/bot/${bot.json.id}`, {
      token: owner.token,
      body: { is_work: true },
    });
    if (on.status !== 200) throw new Error(`bench bot: ${JSON.stringify(on.json)}`);

    const day = (offset: number) =>
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(
        new Date(salon.now().getTime() + offset * 86_400_000),
      );
    const slots = STAFF.flatMap((staff) =>
      [2, 3, 4, 5].flatMap((offset) =>
        [10, 11, 12, 13, 14, 15, 16, 17].map((hour) => ({
          staff,
          datetime: `${day(offset)}T${String(hour).padStart(2, '0')}:00:00+03:00`,
        })),
      ),
    );
    const booking = async (i: number) => {
      const slot = slots[i];
      if (!slot) throw new Error('out of slots');
      fake.queue(
        {
          kind: 'tool_calls',
          calls: [
            {
              name: 'booking_2',
              arguments: {
                step: 'book',
                service_id: String(SERVICE),
                staff_id: String(slot.staff),
                datetime: slot.datetime,
                name: 'Иван',
                phone: '79990000000',
              },
            },
          ],
        },
        { kind: 'text', text: 'Записала!' },
      );
      const before = salon.records.length;
      const started = performance.now();
      const sent = await call('POST', '/api/check/messages', {
        token: owner.token,
        body: { bot_id: bot.json.id, text: `Запишите меня ${i}` },
      });
      if (sent.status !== 202) throw new Error(`send: ${JSON.stringify(sent.json)}`);
      await t.jobs.runDue();
      if (salon.records.length !== before + 1) throw new Error(`booking ${i} made no record`);
      return performance.now() - started;
    };
    const modelCall = async () => {
      fake.queue({ kind: 'text', text: 'ok' });
      const started = performance.now();
      await llm.complete({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'Привет' }] });
      return performance.now() - started;
    };
    const pause = () => new Promise((done) => setTimeout(done, SPACING_MS));
    for (let i = 0; i < 3; i++) {
      await booking(i);
      await pause();
    }
    const callsBefore = salon.calls.length;
    const turns: number[] = [];
    for (let i = 3; i < BOOKINGS + 3; i++) {
      turns.push(await booking(i));
      await pause();
    }
    const salonCalls = (salon.calls.length - callsBefore) / BOOKINGS;
    const models: number[] = [];
    for (let i = 0; i < BOOKINGS; i++) models.push(await modelCall());
    const twoModelCalls = 2 * percentile(models, 50);
    return [
      `Booking turn, in-process, instant bot and model, fake YCLIENTS on a local port, ${BOOKINGS} bookings ${SPACING_MS / 1000} s apart`,
      `message → record in YCLIENTS → answer stored   p50 ${ms(percentile(turns, 50))}   p99 ${ms(percentile(turns, 99))}`,
      `engine and salon share (2 model calls taken off) p50 ${ms(percentile(turns, 50) - twoModelCalls)}`,
      `salon API calls per booking                     ${salonCalls.toFixed(1)}`,
    ];
  } finally {
    await t.close();
    await fake.close();
    await salon.close();
  }
}
