import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type de from '../i18n/de.json';
import { i18n } from '../i18n/index.ts';

type TValidationKey = keyof typeof de.validation;

function isValidationKey(value: string): value is TValidationKey {
  return i18n.exists(`validation.${value}`);
}

/** Turns a zod issue into a message in the user's language; refinements name a `validation.*` key. */
export function issueMessage(issue: z.core.$ZodRawIssue): string {
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
      if (issue.format === 'date') return i18n.t('validation.date');
      return i18n.t('validation.format');
    case 'invalid_type':
      return i18n.t('validation.required');
    case 'invalid_value':
      return i18n.t('validation.choose');
    case 'custom':
      return refinementMessage(issue.message ?? '');
    default:
      return i18n.t('validation.invalid');
  }
}

/** A refinement's message names a `validation.*` key; any other text (the contract's English) reads as invalid. */
function refinementMessage(message: string): string {
  return i18n.t(`validation.${isValidationKey(message) ? message : 'invalid'}`);
}

/**
 * Zod's per-parse error map cannot reach a refinement that carries its own message, so those are
 * translated in the errors the resolver returns (`ref` holds the field's element, not errors).
 */
function translateRefinements(errors: object): void {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || typeof value !== 'object' || value === null) continue;
    const error = value as { type?: unknown; message?: unknown };
    if (error.type === 'custom' && typeof error.message === 'string')
      error.message = refinementMessage(error.message);
    else translateRefinements(value as object);
  }
}

/** The form pattern: react-hook-form validated by a contract zod schema, messages through i18n. */
export function zodFormResolver<TInput extends FieldValues, TOutput extends FieldValues>(
  schema: z.ZodType<TOutput, TInput>,
): Resolver<TInput, unknown, TOutput> {
  const resolve = zodResolver(schema, { error: issueMessage });
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    translateRefinements(result.errors);
    return result;
  };
}

/** An optional text field: an empty input means `replacement` (null or undefined) to the schema. */
export function emptyTo<TSchema extends z.ZodType>(replacement: null | undefined, schema: TSchema) {
  return z.preprocess((value) => (value === '' ? replacement : value), schema);
}
