import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client.ts';
import { Select } from '../../ui/field.tsx';
import { useCashRegisters } from './get-cash-registers.ts';

/**
 * The open registers to choose from when a cash payment was refused for want of the choice
 * (`payment/fiscal_required` naming them in `cashRegisterIds`); null for any other answer.
 */
export function registerChoiceOf(error: unknown): string[] | null {
  if (!(error instanceof ApiError) || error.type !== 'payment/fiscal_required') return null;
  const ids = error.problem.params?.cashRegisterIds;
  return typeof ids === 'string' && ids !== '' ? ids.split(',') : null;
}

type TRegisterSelectProps = Omit<ComponentPropsWithRef<'select'>, 'children'> & { registerIds: string[] };

/** A choice among the open registers the server named, by their names. */
export function CashRegisterSelect({ registerIds, ...props }: TRegisterSelectProps) {
  const { t } = useTranslation();
  const registers = useCashRegisters();
  const names = new Map(registers.data?.map((register) => [register.id, register.name]));
  return (
    <Select {...props}>
      <option value="">{t('billing.payment.chooseRegister')}</option>
      {registerIds.map((id) => (
        <option key={id} value={id}>
          {names.get(id) ?? id}
        </option>
      ))}
    </Select>
  );
}
