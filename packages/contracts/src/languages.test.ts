import { describe, expect, it } from 'vitest';
import { LANGUAGES, LANGUAGE_INFO, acceptedLanguages, languageFor, pickLanguage } from './languages';

describe('languages', () => {
  it('speaks ten, English first, Arabic right to left', () => {
    expect(LANGUAGES).toHaveLength(10);
    expect(LANGUAGES[0]).toBe('en');
    expect(LANGUAGES.filter((l) => LANGUAGE_INFO[l].dir === 'rtl')).toEqual(['ar']);
  });

  it('picks the first preferred tag spoken here, exactly or by its primary language', () => {
    expect(pickLanguage(['de-DE', 'en-US'])).toBe('de');
    expect(pickLanguage(['ja-JP', 'fr-CA', 'de'])).toBe('fr');
    expect(pickLanguage(['pt-PT'])).toBe('pt-BR');
    expect(pickLanguage(['PT_br'])).toBe('pt-BR');
    expect(pickLanguage(['ar'])).toBe('ar');
    expect(pickLanguage(['ja', 'zh-Hans', '*'])).toBeNull();
    expect(pickLanguage([])).toBeNull();
  });

  it('reads Accept-Language by weight, then order, leaving out q=0', () => {
    expect(acceptedLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
      '*',
    ]);
    expect(acceptedLanguages('en;q=0.1, nl;q=0.9, pl')).toEqual(['pl', 'nl', 'en']);
    expect(acceptedLanguages('de;q=0, ja')).toEqual(['ja']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(pickLanguage(acceptedLanguages('ja, tr;q=0.4'))).toBe('tr');
  });

  it('a choice on the device wins, then the device, then the event, then English', () => {
    expect(languageFor({ picked: 'it', preferred: ['de'], event: 'fr' })).toBe('it');
    expect(languageFor({ picked: 'xx', preferred: ['de'], event: 'fr' })).toBe('de');
    expect(languageFor({ preferred: ['ja-JP'], event: 'fr' })).toBe('fr');
    expect(languageFor({ preferred: ['ja-JP'], event: null })).toBe('en');
  });
});
