import { useTranslation } from 'react-i18next';
import { toMoneyInput } from '../lib/form-inputs.ts';
import { Input, type TInputProps } from './field.tsx';

type TMoneyInputProps = Omit<TInputProps, 'inputMode' | 'placeholder'> & {
  /** The amount the empty field suggests, in cents, written as people type it; null for none. */
  placeholderCents?: number | null;
};

/** The one amount field: a decimal keyboard, no autofill, read with `moneyInput` (lib/form-inputs.ts). */
export function MoneyInput({ placeholderCents = 2000, ...props }: TMoneyInputProps) {
  const { i18n } = useTranslation();
  return (
    <Input
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholderCents === null ? undefined : toMoneyInput(placeholderCents, i18n.language)}
      {...props}
    />
  );
}
