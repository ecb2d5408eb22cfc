import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBookingStatus } from '@pms/contract/bookings';
import type { THousekeepingState } from '@pms/contract/room-plan';
import { textTemplate } from '../../../i18n/text-template.ts';
import { dateFormatter } from '../../../lib/format-date.ts';
import { usePropertyLocale } from '../../../lib/property-locale.ts';
import type { TPlanBooking, TPlanLock } from '../plan-layout.ts';

/** The plan's dates and the texts of its bars and rows, made once per language and locale. */
export type TPlanFormats = {
  weekday: (date: string) => string;
  dayMonth: (date: string) => string;
  fullDate: (date: string) => string;
  /** A booking's bar's title: guest, code, stay, status, and whether it is fixed to its room. */
  bookingTitle: (booking: TPlanBooking) => string;
  /** A lock's title: its days and reason. */
  lockTitle: (lock: TPlanLock) => string;
  /** A lock's label, for those who may open it. */
  lockLabel: (lock: TPlanLock) => string;
  locked: string;
  /** The label of a row of a room type's bookings without a room. */
  unassignedRow: (roomTypeName: string) => string;
  unassigned: string;
  housekeeping: Record<THousekeepingState, string>;
};

/**
 * The plan's formats, one object per language and locale: its rows are memoised on it, and its
 * texts are translated once for all of the plan's bars (textTemplate).
 */
export function usePlanFormats(): TPlanFormats {
  const locale = usePropertyLocale();
  const { t } = useTranslation();
  return useMemo(() => {
    const dayMonth = dateFormatter(locale, { day: '2-digit', month: '2-digit' });
    const statuses: Partial<Record<TBookingStatus, string>> = {};
    const statusText = (status: TBookingStatus) => (statuses[status] ??= t(`bookings.status.${status}`));
    const fixedToRoom = t('roomPlan.fixedToRoom');
    const barTitle = textTemplate(['name', 'code', 'checkIn', 'checkOut', 'status'], (values) =>
      t('roomPlan.barTitle', values),
    );
    const lockTitle = textTemplate(['from', 'to', 'reason'], (values) => t('roomPlan.lockTitle', values));
    const locked = t('roomPlan.locked');
    return {
      weekday: dateFormatter(locale, { weekday: 'short' }),
      dayMonth,
      fullDate: dateFormatter(locale, { dateStyle: 'full' }),
      bookingTitle: (booking) => {
        const title = barTitle({
          name: booking.displayName,
          code: booking.code,
          checkIn: dayMonth(booking.checkIn),
          checkOut: dayMonth(booking.checkOut),
          status: statusText(booking.status),
        });
        return booking.isRoomFixed ? `${title}, ${fixedToRoom}` : title;
      },
      lockTitle: (lock) =>
        lockTitle({ from: dayMonth(lock.startDate), to: dayMonth(lock.endDate), reason: lock.reason }),
      lockLabel: (lock) => `${locked}: ${lock.reason}`,
      locked,
      unassignedRow: (roomType) => t('roomPlan.unassignedRow', { roomType }),
      unassigned: t('roomPlan.unassigned'),
      housekeeping: {
        clean: t('housekeeping.statuses.clean'),
        dirty: t('housekeeping.statuses.dirty'),
        out_of_service: t('housekeeping.statuses.out_of_service'),
      },
    };
  }, [locale, t]);
}
