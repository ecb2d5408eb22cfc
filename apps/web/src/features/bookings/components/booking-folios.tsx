import { useTranslation } from 'react-i18next';
import type { TCharge } from '@pms/contract/bookings';
import { useFormatPercentage } from '../../../shared/base-data/tax-rate-format.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { Card } from '../../../ui/card.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import type { TColumn } from '../../../ui/paged-table.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useBookingCharges } from '../api/get-booking-charges.ts';

const amountClasses = 'text-right tabular-nums whitespace-nowrap';

function sumOf(charges: readonly TCharge[], amount: 'netAmount' | 'taxAmount' | 'grossAmount'): number {
  return charges.reduce((total, charge) => total + charge[amount], 0);
}

/** The charges on the booking's folios with their totals; read only until the folio screens come. */
export function BookingFolios({ bookingId }: { bookingId: string }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const formatMoney = useFormatMoney();
  const charges = useBookingCharges(bookingId);
  const formatPercentage = useFormatPercentage();

  const columns: TColumn<TCharge>[] = [
    {
      id: 'date',
      header: t('bookings.folios.date'),
      cell: (charge) => formatDate(charge.bookedOn),
      className: 'whitespace-nowrap',
    },
    { id: 'text', header: t('bookings.folios.text'), cell: (charge) => charge.text },
    {
      id: 'quantity',
      header: t('bookings.folios.quantity'),
      cell: (charge) => charge.quantity,
      className: 'text-right tabular-nums',
    },
    {
      id: 'net',
      header: t('bookings.folios.net'),
      cell: (charge) => formatMoney(charge.netAmount),
      className: amountClasses,
    },
    {
      id: 'tax',
      header: t('bookings.folios.tax'),
      cell: (charge) => (
        <>
          {formatMoney(charge.taxAmount)}{' '}
          <span className="text-gray-500">({formatPercentage(charge.taxPercentage)})</span>
        </>
      ),
      className: amountClasses,
    },
    {
      id: 'gross',
      header: t('bookings.folios.gross'),
      cell: (charge) => formatMoney(charge.grossAmount),
      className: amountClasses,
    },
  ];

  const renderContent = () => {
    if (charges.isPending) return <Spinner />;
    if (charges.isError) return <ErrorState error={charges.error} onRetry={() => void charges.refetch()} />;
    const rows = charges.data;
    return (
      <DataTable
        label={t('bookings.folios.listLabel')}
        columns={columns}
        rows={rows}
        emptyText={t('bookings.folios.empty')}
        aggregate={{
          date: t('bookings.folios.total'),
          net: formatMoney(sumOf(rows, 'netAmount')),
          tax: formatMoney(sumOf(rows, 'taxAmount')),
          gross: formatMoney(sumOf(rows, 'grossAmount')),
        }}
      />
    );
  };

  return (
    <Card isFlush title={t('bookings.folios.title')} description={t('bookings.folios.description')}>
      {renderContent()}
    </Card>
  );
}
