import { describe, expect, it } from 'vitest';
import { monthlyPriceMinor } from '../../db/seed/tariffs';
import { CURRENCIES } from '../../functions/shared/constants';
import { describeIntegration } from '../../functions/shared/integration-catalogue';
import { isSellableKind } from '../../functions/shared/sellable-kinds';

describe('the API channel in the catalogue (issue #24 §5)', () => {
  it('is a built channel a bot answers in, sold at a messenger’s price', () => {
    expect(describeIntegration('api_channel')).toMatchObject({ kind: 'channel', answers: true, built: true });
    expect(isSellableKind('api_channel')).toBe(true);
    for (const currency of CURRENCIES) {
      expect(monthlyPriceMinor('api_channel', currency)).toBe(monthlyPriceMinor('telegram', currency));
    }
  });

  it('keeps types without a public protocol planned and unsold', () => {
    for (const type of ['wahelp', 'messagehelp', 'imot.io'] as const) {
      expect(describeIntegration(type).built, type).toBe(false);
      expect(isSellableKind(type), type).toBe(false);
    }
  });

  it('never answers the signing secret: it is the server’s, sealed', () => {
    const { settings, learned, serverSecrets } = describeIntegration('api_channel').fields;
    expect(serverSecrets).toEqual(['signing_secret']);
    expect([...settings, ...learned]).not.toContain('signing_secret');
  });
});
