import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TBaseData } from '@pms/contract/base-data';
import type { TBooking, TUpdateBookingRequest } from '@pms/contract/bookings';
import type { TContact } from '@pms/contract/contacts';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { useContact } from '../../../shared/contacts/index.ts';
import { ContactPicker } from '../../../shared/contacts/index.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Modal } from '../../../ui/dialog.tsx';
import { ModalFormActions } from '../../../ui/modal-form.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { CheckboxField, Field, Input } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { successThen } from '../../../ui/toast.tsx';
import { useUpdateBooking } from '../../../shared/bookings/index.ts';
import { GroupSelect } from './group-select.tsx';
import { CommentColourFields, StayFields } from './booking-form-fields.tsx';
import {
  colorOf,
  defaultColor,
  editBookingFormSchema,
  type TEditBookingFormValues,
} from './booking-form-schema.ts';

type TEditFormProps = { booking: TBooking; onClose: () => void };

function formValues(booking: TBooking): TEditBookingFormValues {
  return {
    checkIn: booking.checkIn,
    checkOut: booking.checkOut,
    roomTypeId: booking.roomTypeId,
    roomId: booking.roomId ?? '',
    occupancy: booking.occupancy,
    rateId: booking.rateId ?? '',
    comment: booking.comment ?? '',
    hasColor: booking.color !== null,
    color: booking.color ?? defaultColor,
    customerId: booking.customerId,
    groupId: booking.groupId ?? '',
    externalCode: booking.externalCode ?? '',
    isDebtor: booking.isDebtor,
    isRoomFixed: booking.isRoomFixed,
    isWorkStay: booking.isWorkStay,
  };
}

const editableKeys = [
  'checkIn',
  'checkOut',
  'roomTypeId',
  'roomId',
  'occupancy',
  'rateId',
  'comment',
  'customerId',
  'groupId',
  'externalCode',
  'isDebtor',
  'isRoomFixed',
  'isWorkStay',
] as const;

function EditBookingFields({
  booking,
  baseData,
  customer,
  onClose,
}: TEditFormProps & { baseData: TBaseData; customer: TContact | null }) {
  const { t } = useTranslation();
  const updateBooking = useUpdateBooking();
  const [pickedCustomer, setPickedCustomer] = useState(customer);
  const form = useForm({
    resolver: zodFormResolver(editBookingFormSchema(baseData)),
    defaultValues: formValues(booking),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, dirtyFields, isDirty },
  } = form;

  // Only what was changed is sent, so untouched fields keep what the server derives for them.
  const save = handleSubmit((values) => {
    const changes: TUpdateBookingRequest = {};
    for (const key of editableKeys) {
      if (dirtyFields[key]) Object.assign(changes, { [key]: values[key] });
    }
    if (dirtyFields.hasColor || dirtyFields.color) changes.color = colorOf(values);
    updateBooking.mutate({ id: booking.id, changes }, successThen(t('bookings.form.saved'), onClose));
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-6">
        <StayFields
          baseData={baseData}
          bookingId={booking.id}
          emptyRoomLabel={t('bookings.form.noRoom')}
          canClearRate
        />
        <div className="space-y-5 border-t border-gray-100 pt-5">
          <Controller
            control={control}
            name="customerId"
            render={({ field, fieldState }) => (
              <ContactPicker
                label={t('bookings.form.customer')}
                value={pickedCustomer}
                error={fieldState.error?.message}
                onChange={(contact) => {
                  setPickedCustomer(contact);
                  field.onChange(contact?.id ?? null);
                }}
              />
            )}
          />
          <GroupSelect current={booking.group ?? null} error={errors.groupId?.message} />
          <Field label={t('bookings.form.externalCode')} error={errors.externalCode?.message}>
            <Input autoComplete="off" {...register('externalCode')} />
          </Field>
          <CheckboxField
            label={t('bookings.form.isDebtor')}
            description={t('bookings.form.isDebtorHint')}
            {...register('isDebtor')}
          />
          <CheckboxField
            label={t('bookings.form.isRoomFixed')}
            description={t('bookings.form.isRoomFixedHint')}
            {...register('isRoomFixed')}
          />
          <CheckboxField
            label={t('bookings.form.workStay')}
            description={t('bookings.form.workStayHint')}
            {...register('isWorkStay')}
          />
        </div>
        <div className="space-y-5 border-t border-gray-100 pt-5">
          <CommentColourFields />
        </div>
        {updateBooking.isError && <Alert type="error">{errorMessage(updateBooking.error)}</Alert>}
        <ModalFormActions
          onCancel={onClose}
          submitLabel={t('common.save')}
          isPending={updateBooking.isPending}
          isSubmitDisabled={!isDirty}
        />
      </form>
    </FormProvider>
  );
}

function EditBookingWithCustomer({
  booking,
  customerId,
  baseData,
  onClose,
}: TEditFormProps & { customerId: string; baseData: TBaseData }) {
  const customer = useContact(customerId);
  if (customer.isPending) return <Spinner />;
  if (customer.isError) return <ErrorState error={customer.error} onRetry={() => void customer.refetch()} />;
  return (
    <EditBookingFields booking={booking} baseData={baseData} customer={customer.data} onClose={onClose} />
  );
}

/** Loads what the form offers (base data, the current customer) before showing it. */
function EditBookingForm({ booking, onClose }: TEditFormProps) {
  const baseData = useBaseData();
  if (baseData.isPending) return <Spinner />;
  if (baseData.isError) return <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />;
  if (booking.customerId) {
    return (
      <EditBookingWithCustomer
        booking={booking}
        customerId={booking.customerId}
        baseData={baseData.data}
        onClose={onClose}
      />
    );
  }
  return <EditBookingFields booking={booking} baseData={baseData.data} customer={null} onClose={onClose} />;
}

export function EditBookingDialog({ booking, open, onClose }: TEditFormProps & { open: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t('bookings.form.editTitle')} size="lg">
      <EditBookingForm booking={booking} onClose={onClose} />
    </Modal>
  );
}
