import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Select } from '../../ui/field.tsx';
import { useCashRegisters } from '../cash-registers/index.ts';

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
