import { describe, expect, it } from 'vitest';
import { i18n, loadNamespaces } from './index.ts';
import { textTemplate } from './text-template.ts';

describe('textTemplate', () => {
  it.each(['de', 'en'])('fills in what i18next would, from one translation (%s)', async (language) => {
    await i18n.changeLanguage(language);
    await loadNamespaces(['room-plan']);
    let translations = 0;
    const title = textTemplate(['name', 'code', 'checkIn', 'checkOut', 'status'], (values) => {
      translations++;
      return i18n.t('roomPlan.barTitle', values);
    });
    for (const values of [
      {
        name: 'Anna <Muster> & $1 {{code}}',
        code: 'B-1',
        checkIn: '01.12.',
        checkOut: '03.12.',
        status: 'x',
      },
      { name: '', code: 'B-2', checkIn: '24.12.', checkOut: '26.12.', status: 'Bestätigt' },
    ])
      expect(title(values)).toBe(i18n.t('roomPlan.barTitle', values));
    expect(translations).toBe(1);
  });

  it('keeps a text without placeholders as it is', () => {
    expect(textTemplate([], () => 'Gesperrt')({})).toBe('Gesperrt');
  });
});
