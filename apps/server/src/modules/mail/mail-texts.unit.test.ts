import { describe, expect, it } from 'vitest';
import { languages, mailKinds, unknownPlaceholders } from '@pms/contract';
import { defaultTemplates, formatMailAmount, formatMailDate, mailLocale } from './mail-texts.ts';

describe('default templates', () => {
  it('exist for every kind and language and use only their kind’s placeholders', () => {
    for (const kind of mailKinds) {
      for (const language of languages) {
        const template = defaultTemplates[kind][language];
        expect(template.subject.length, `${kind}/${language}`).toBeGreaterThan(0);
        expect(unknownPlaceholders(kind, `${template.subject} ${template.text}`)).toEqual([]);
      }
    }
  });
});

describe('dates and amounts in the e-mail’s language', () => {
  it('picks British English, or German as the property’s country writes it', () => {
    expect(mailLocale('en', 'at')).toBe('en-GB');
    expect(mailLocale('de', 'at')).toBe('de-AT');
    expect(mailLocale('de', 'de')).toBe('de-DE');
    expect(mailLocale('de', 'ch')).toBe('de-CH');
    expect(mailLocale('de', null)).toBe('de-DE');
  });

  it('writes dates out, whatever the server’s time zone', () => {
    expect(formatMailDate('2031-03-01', 'en-GB')).toBe('1 March 2031');
    expect(formatMailDate('2031-03-01', 'de-DE')).toBe('1. März 2031');
    expect(formatMailDate('2031-01-01', 'de-AT')).toBe('1. Jänner 2031');
  });

  it('writes amounts in cents as currency', () => {
    expect(formatMailAmount(123450, 'EUR', 'de-DE')).toBe('1.234,50\u00a0€');
    expect(formatMailAmount(123450, 'EUR', 'de-AT')).toBe('€\u00a01.234,50');
    expect(formatMailAmount(123450, 'EUR', 'en-GB')).toBe('€1,234.50');
  });
});
