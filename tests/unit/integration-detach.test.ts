import { describe, expect, it } from 'vitest';
import { botUsesIntegration, withoutIntegration } from '../../functions/services/integrations/detach';
import type { BotAction } from '../../functions/shared/schemas/bot-actions';

/** An integration deleted from the account leaves the bots' channels and every action setting that named it. */
const payment = (settings: Record<string, unknown>) =>
  ({ id: 'a1', name: 'Оплата', type: 'payment_link', settings }) as unknown as BotAction;

const bot = (actions: BotAction[]) => ({
  conditions: { channels: ['check'] } as never,
  actions,
});

describe('detaching an integration from a bot', () => {
  it('a CRM a paid link moves the deal in counts as used, and is cleared without touching the terminal', () => {
    const links = bot([
      payment({
        integration_id: 'bank',
        paid_integration_id: 'crm',
        paid_pipeline_id: '1',
        paid_status_id: '3',
      }),
    ]);
    expect(botUsesIntegration(links, 'crm')).toBe(true);
    expect(botUsesIntegration(links, 'bank')).toBe(true);
    expect(botUsesIntegration(links, 'other')).toBe(false);
    expect(withoutIntegration(links, 'crm').actions[0]?.settings).toEqual({
      integration_id: 'bank',
      paid_integration_id: null,
      paid_pipeline_id: '1',
      paid_status_id: '3',
    });
    expect(withoutIntegration(links, 'bank').actions[0]?.settings).toMatchObject({
      integration_id: null,
      paid_integration_id: 'crm',
    });
  });
});
