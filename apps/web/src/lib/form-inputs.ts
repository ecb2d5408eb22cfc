import { z } from 'zod';
import { ZAddress, type TAddress } from '@pms/contract/addresses';

const plainNumber = /^\d+(?:[.,](\d+))?$/;
// Grouped digits count only with a decimal part: '1.234' could be 1234 or 1.234.
const germanGrouped = /^\d{1,3}(?:\.\d{3})+,(\d+)$/;
const englishGrouped = /^\d{1,3}(?:,\d{3})+\.(\d+)$/;

/**
 * Reads a decimal number as people type it: '20,00' and '20.00', '1.234,50' and '1,234.50'.
 * A lone comma or point is the decimal separator; more than `maxFractionDigits` decimals, or
 * anything else that is not such a number, gives undefined.
 */
export function parseDecimal(input: string, maxFractionDigits = 2): number | undefined {
  const text = input.replace(/[\s€%]/g, '');
  const plain = plainNumber.exec(text);
  if (plain && (plain[1] ?? '').length <= maxFractionDigits) return Number(text.replace(',', '.'));
  const german = germanGrouped.exec(text);
  if (german && (german[1] ?? '').length <= maxFractionDigits) {
    return Number(text.replaceAll('.', '').replace(',', '.'));
  }
  const english = englishGrouped.exec(text);
  if (english && (english[1] ?? '').length <= maxFractionDigits) return Number(text.replaceAll(',', ''));
  return undefined;
}

/** The locale numbers are written in for a language, as the contract's formatMoney does. */
export function numberLocale(language: string): string {
  return language === 'en' ? 'en-GB' : 'de-AT';
}

function numberFormat(language: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  return new Intl.NumberFormat(numberLocale(language), { useGrouping: false, ...options });
}

/** Cents as an amount input shows them: 2000 is '20,00' in German and '20.00' in English. */
export function toMoneyInput(cents: number | null, language: string): string {
  if (cents === null) return '';
  return numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

/** A number (a percentage such as 7.5) as a decimal input shows it: '7,5' in German. */
export function toDecimalInput(value: number, language: string): string {
  return numberFormat(language, { maximumFractionDigits: 2 }).format(value);
}

/** An optional text input: empty (or blank) means null to the contract's schema. */
export function textOrNull<TSchema extends z.ZodType<unknown, string | null | undefined>>(schema: TSchema) {
  return z
    .string()
    .transform((value): string | null | undefined => value.trim() || null)
    .pipe(schema);
}

type TNumberSchema = z.ZodType<unknown, number | null | undefined>;

function decimalField<TSchema extends TNumberSchema>(
  schema: TSchema,
  empty: null | undefined,
  toValue: (decimal: number) => number,
) {
  return z
    .string()
    .transform((value, context): number | null | undefined => {
      if (value.trim() === '') return empty;
      const decimal = parseDecimal(value);
      if (decimal === undefined) {
        // 'format' names the catalogue's validation message (lib/form.ts).
        context.addIssue({ code: 'custom', message: 'format', input: value });
        return z.NEVER;
      }
      return toValue(decimal);
    })
    .pipe(schema);
}

/** An amount input ('20,00') as the cents the contract's schema checks; empty means `empty`. */
export function moneyInput<TSchema extends TNumberSchema>(
  schema: TSchema,
  empty: null | undefined = undefined,
) {
  return decimalField(schema, empty, (decimal) => Math.round(decimal * 100));
}

/** A decimal input ('7,5') as the number the contract's schema checks. */
export function decimalInput<TSchema extends TNumberSchema>(schema: TSchema) {
  return decimalField(schema, undefined, (decimal) => decimal);
}

/** An address in a form: every line is optional text (empty means null). */
export const ZAddressForm = ZAddress.extend({
  line1: textOrNull(ZAddress.shape.line1),
  line2: textOrNull(ZAddress.shape.line2),
  postalCode: textOrNull(ZAddress.shape.postalCode),
  city: textOrNull(ZAddress.shape.city),
  state: textOrNull(ZAddress.shape.state),
  country: textOrNull(ZAddress.shape.country),
});

/** An address's form values: absent lines become empty inputs. */
export function toAddressFormValues(address: Partial<TAddress> | null | undefined) {
  return {
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    postalCode: address?.postalCode ?? '',
    city: address?.city ?? '',
    state: address?.state ?? '',
    country: address?.country ?? '',
  };
}
