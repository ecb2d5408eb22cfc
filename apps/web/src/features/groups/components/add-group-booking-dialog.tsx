import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasBookingDetails } from '@pms/contract/bookings';
import type { TGroup } from '@pms/contract/contacts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useFormatDate } from '../../../lib/format-date.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Modal, ModalActions } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useBookings } from '../../../shared/bookings/index.ts';
import { useAddGroupBooking } from '../api/add-group-booking.ts';

const minQueryLength = 2;
const searchDelayMs = 250;
const resultCount = 8;

type TAddGroupBookingDialogProps = { group: TGroup; open: boolean; onClose: () => void };

/** Finds a booking by code or name and adds it to the group. */
function AddGroupBookingForm({ group, onClose }: Omit<TAddGroupBookingDialogProps, 'open'>) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const [term, setTerm] = useState('');
  const query = useDebouncedValue(term.trim(), searchDelayMs);
  const isSearching = query.length >= minQueryLength;
  const found = useBookings({ pageNumber: 1, pageSize: resultCount, query: isSearching ? query : undefined });
  const addBooking = useAddGroupBooking();
  const results = isSearching ? (found.data?.data.filter(hasBookingDetails) ?? []) : [];

  const renderResults = () => {
    if (!isSearching) return <p className="text-sm text-gray-500">{t('groups.bookings.searchHint')}</p>;
    if (found.isError) return <ErrorState error={found.error} onRetry={() => void found.refetch()} />;
    if (found.isPending) return <Spinner className="py-6" />;
    if (results.length === 0)
      return <p className="text-sm text-gray-500">{t('groups.bookings.noMatches')}</p>;
    return (
      <ul
        aria-label={t('search.resultsLabel')}
        className="divide-y divide-gray-100 rounded-lg border border-gray-200"
      >
        {results.map((booking) => {
          const isMember = booking.groupId === group.id;
          return (
            <li key={booking.id} className="flex items-center gap-3 px-3 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-gray-900">
                  {booking.code} · {booking.displayName}
                </span>
                <span className="block text-xs text-gray-600">
                  {formatDate(booking.checkIn)} – {formatDate(booking.checkOut)}
                  {isMember && ` · ${t('groups.bookings.inGroup')}`}
                  {!isMember &&
                    booking.group &&
                    ` · ${t('groups.bookings.inOtherGroup', { name: booking.group.name })}`}
                </span>
              </span>
              <Button
                size="sm"
                variant="secondary"
                disabled={isMember || addBooking.isPending}
                isLoading={addBooking.isPending && addBooking.variables.bookingId === booking.id}
                aria-label={`${t('groups.bookings.add')}: ${booking.code}`}
                onClick={() =>
                  addBooking.mutate(
                    { groupId: group.id, bookingId: booking.id },
                    successThen(t('groups.bookings.added', { code: booking.code }), onClose),
                  )
                }
              >
                {t('groups.bookings.add')}
              </Button>
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="space-y-4">
      <Field label={t('groups.bookings.searchLabel')}>
        <Input
          type="search"
          autoFocus
          autoComplete="off"
          placeholder={t('groups.bookings.searchPlaceholder')}
          value={term}
          onChange={(event) => setTerm(event.target.value)}
        />
      </Field>
      {renderResults()}
      {addBooking.isError && <Alert type="error">{errorMessage(addBooking.error)}</Alert>}
      <ModalActions>
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      </ModalActions>
    </div>
  );
}

export function AddGroupBookingDialog({ group, open, onClose }: TAddGroupBookingDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('groups.bookings.addTitle')}
      description={t('groups.bookings.addDescription')}
    >
      <AddGroupBookingForm group={group} onClose={onClose} />
    </Modal>
  );
}
