import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/dialog.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { closeCreateBooking, useCreateBookingState } from '../../../shared/bookings/index.ts';

// The form's code loads when the dialog is first opened, not with every screen.
const CreateBookingForm = lazy(async () => ({
  default: (await import('./create-booking-form.tsx')).CreateBookingForm,
}));

/** The create-booking dialog, mounted once in the main layout and opened by openCreateBooking. */
export function CreateBookingDialog() {
  const { t } = useTranslation();
  const { isOpen, initial, openCount } = useCreateBookingState();
  return (
    <Modal open={isOpen} onClose={closeCreateBooking} title={t('bookings.form.createTitle')} size="lg">
      <Suspense fallback={<Spinner />}>
        <CreateBookingForm key={openCount} initial={initial} onClose={closeCreateBooking} />
      </Suspense>
    </Modal>
  );
}
