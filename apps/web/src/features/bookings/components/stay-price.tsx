import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZBookingQuoteRequest } from '@pms/contract/bookings';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useBookingQuote } from '../api/quote-booking.ts';
import type { TStayFormValues } from './booking-form-schema.ts';

/** The price the rate gives the stay in the form, asked from the server while the stay is complete. */
export function StayPrice() {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const { watch } = useFormContext<TStayFormValues>();
  const [checkIn, checkOut, roomTypeId, occupancy, rateId] = watch([
    'checkIn',
    'checkOut',
    'roomTypeId',
    'occupancy',
    'rateId',
  ]);
  const request = ZBookingQuoteRequest.safeParse({
    checkIn,
    checkOut,
    roomTypeId,
    occupancy,
    rateId: rateId || null,
  });
  const isComplete = request.success && checkIn < checkOut;
  const quote = useBookingQuote(request.data ?? { checkIn, checkOut, roomTypeId, occupancy }, isComplete);

  const renderAmount = () => {
    if (!isComplete) return <span className="text-gray-500">–</span>;
    if (quote.isError) return <span className="text-red-700">{errorMessage(quote.error)}</span>;
    if (!quote.data) return <span className="text-gray-500">{t('bookings.form.priceLoading')}</span>;
    return (
      <>
        <span className="text-base font-semibold text-gray-900 tabular-nums">
          {formatMoney(quote.data.grossAmount)}
        </span>{' '}
        <span className="text-gray-600">
          {t('bookings.form.priceNights', { count: quote.data.numberOfNights })}
        </span>
      </>
    );
  };

  return (
    <div className="text-sm" role="status" aria-live="polite">
      <span className="mr-2 text-gray-600">{t('bookings.form.price')}:</span>
      {renderAmount()}
    </div>
  );
}
