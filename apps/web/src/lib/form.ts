import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { z } from 'zod';
import de from '../i18n/de.json';
import { i18n } from '../i18n/index.ts';

type TValidationKey = keyof typeof de.validation;

function isValidationKey(value: string): value is TValidationKey {
  return value in de.validation;
}

/** Turns a zod issue into a message in the user's language; refinements name a `validation.*` key. */
export function issueMessage(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? i18n.t('validation.required')
          : i18n.t('validation.tooShort', { count: Number(issue.minimum) });
      }
      return i18n.t('validation.tooSmall', { minimum: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string') return i18n.t('validation.tooLong', { count: Number(issue.maximum) });
      return i18n.t('validation.tooBig', { maximum: Number(issue.maximum) });
    case 'invalid_format':
      if (issue.format === 'email') return i18n.t('validation.email');
      if (issue.format === 'url') return i18n.t('validation.url');
      return i18n.t('validation.format');
    case 'invalid_type':
      return i18n.t('validation.required');
    case 'invalid_value':
      return i18n.t('validation.choose');
    case 'custom':
      return i18n.t(`validation.${isValidationKey(issue.message) ? issue.message : 'invalid'}`);
    default:
      return i18n.t('validation.invalid');
  }
}

/** The form pattern: react-hook-form validated by a contract zod schema, messages through i18n. */
export function zodFormResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
): Resolver<TInput, unknown, TOutput> {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(values);
    if (result.success) return { values: result.data, errors: {} };
    const fieldErrors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = issue.path.join('.');
      fieldErrors[path] ??= { type: issue.code, message: issueMessage(issue) };
    }
    return { values: {}, errors: toNestErrors(fieldErrors, options) };
  };
}

/** An optional text field: an empty input means `replacement` (null or undefined) to the schema. */
export function emptyTo<TSchema extends z.ZodType>(replacement: null | undefined, schema: TSchema) {
  return z.preprocess((value) => (value === '' ? replacement : value), schema);
}
