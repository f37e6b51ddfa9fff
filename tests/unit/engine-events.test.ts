import { describe, expect, it } from 'vitest';
import { ENGINE_EVENTS, eventMessageKey } from '../../functions/engine/events';
import { sharedMessages } from '../../functions/shared/messages';

describe('engine events', () => {
  it('has a Russian and an English text for every history event', () => {
    expect(ENGINE_EVENTS).toHaveLength(16);
    for (const event of ENGINE_EVENTS) {
      const texts = sharedMessages[eventMessageKey(event)];
      expect(texts.ru, event).toBeTruthy();
      expect(texts.en, event).toBeTruthy();
    }
  });
});
