import { describe, expect, it } from 'vitest';
import { languageFromHeader, translate } from '../../functions/i18n/translate';

describe('server messages', () => {
  it.each([
    [undefined, 'ru'],
    ['en-US,en;q=0.9', 'en'],
    ['de-DE,en;q=0.8,ru;q=0.9', 'ru'],
    ['fr-FR', 'ru'],
    ['EN', 'en'],
  ])('Accept-Language %j reads as %s', (header, lang) => {
    expect(languageFromHeader(header)).toBe(lang);
  });

  it('fills placeholders in both languages', () => {
    expect(translate('rate_limited', 'ru', { minutes: 3 })).toBe(
      'Слишком много попыток. Повторите через 3 мин.',
    );
    expect(translate('verification_sent', 'en', { email: 'a@b.c' })).toBe(
      'We have sent a confirmation code to a@b.c',
    );
  });
});
