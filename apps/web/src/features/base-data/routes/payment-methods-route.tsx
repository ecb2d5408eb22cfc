import { useTranslation } from 'react-i18next';
import type { TPaymentMethod } from '@pms/contract/base-data';
import type { TColumn } from '../../../ui/data-table.tsx';
import { collections } from '../api/base-data-collections.ts';
import { PaymentMethodDialog } from '../components/payment-method-dialog.tsx';
import { RecordList } from '../components/record-list.tsx';

export function PaymentMethodsRoute() {
  const { t } = useTranslation();
  const columns: TColumn<TPaymentMethod>[] = [
    {
      id: 'name',
      header: t('baseData.paymentMethods.name'),
      cell: (paymentMethod) => <span className="font-medium text-gray-900">{paymentMethod.name}</span>,
    },
    {
      id: 'kind',
      header: t('baseData.paymentMethods.kind'),
      cell: (paymentMethod) => t(`baseData.paymentMethods.kinds.${paymentMethod.kind}`),
    },
    {
      id: 'bookingText',
      header: t('baseData.paymentMethods.bookingText'),
      cell: (paymentMethod) => paymentMethod.bookingText,
    },
    {
      id: 'accountNumber',
      header: t('baseData.paymentMethods.accountNumber'),
      cell: (paymentMethod) => paymentMethod.accountNumber,
    },
  ];

  return (
    <RecordList
      kind="paymentMethods"
      collection={collections.paymentMethods}
      rowsOf={(baseData) => baseData.paymentMethods}
      columns={columns}
      nameOf={(paymentMethod) => paymentMethod.name}
      renderDialog={(dialog) => <PaymentMethodDialog {...dialog} />}
    />
  );
}
