import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZIsoDate } from '@pms/contract/common';
import { i18n } from '../i18n/index.ts';
import { zodFormResolver } from './form.ts';

const ZForm = z
  .object({
    name: z.string().min(1),
    guest: z.object({ email: z.email() }),
    password: z.string(),
    repeat: z.string(),
  })
  .refine((form) => form.password === form.repeat, { message: 'passwordsMismatch', path: ['repeat'] });

async function errorsOf(schema: z.ZodType<object, object>, values: object) {
  const resolve = zodFormResolver(schema);
  return (await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors;
}

describe('zodFormResolver', () => {
  it('names each failing field, nested ones too, in the user language', async () => {
    await i18n.changeLanguage('de');
    const errors = await errorsOf(ZForm, { name: '', guest: { email: 'x' }, password: 'a', repeat: 'b' });
    expect(errors).toMatchObject({
      name: { type: 'too_small', message: i18n.t('validation.required') },
      guest: { email: { type: 'invalid_format', message: i18n.t('validation.email') } },
    });
  });

  it('reads a refinement message as a validation key', async () => {
    await i18n.changeLanguage('en');
    const errors = await errorsOf(ZForm, {
      name: 'A',
      guest: { email: 'a@example.com' },
      password: 'a',
      repeat: 'b',
    });
    expect(errors).toMatchObject({ repeat: { type: 'custom', message: 'The passwords do not match.' } });
  });

  it('asks for a valid date when a date field holds text that is no date', async () => {
    await i18n.changeLanguage('de');
    const errors = await errorsOf(z.object({ date: ZIsoDate }), { date: '31.02.2026' });
    expect(errors).toMatchObject({ date: { type: 'invalid_format', message: i18n.t('validation.date') } });
  });

  it("shows a contract refinement's English text as invalid input", async () => {
    await i18n.changeLanguage('de');
    const errors = await errorsOf(z.object({ date: ZIsoDate }), { date: '1800-01-01' });
    expect(errors).toMatchObject({ date: { type: 'custom', message: i18n.t('validation.invalid') } });
  });

  it('passes the parsed values on when the form is valid', async () => {
    const resolve = zodFormResolver(z.object({ count: z.coerce.number() }));
    const result = await resolve({ count: '3' }, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result).toEqual({ values: { count: 3 }, errors: {} });
  });
});
