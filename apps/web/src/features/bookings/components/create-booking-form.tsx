import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { TBaseData } from '@pms/contract/base-data';
import { bookingSources, type TCreateBookingRequest } from '@pms/contract/bookings';
import type { TContact } from '@pms/contract/contacts';
import { addDays } from '@pms/contract/dates';
import { useBaseData } from '../../../shared/base-data/index.ts';
import { ContactPicker } from '../../../shared/contacts/index.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { usePropertyToday } from '../../../lib/property-today.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ModalActions } from '../../../ui/dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useCreateBooking } from '../api/create-booking.ts';
import type { TCreateBookingInitial } from '../../../shared/bookings/index.ts';
import {
  colorOf,
  defaultColor,
  createBookingFormSchema,
  customerModes,
  type TCreateBookingFormValues,
} from './booking-form-schema.ts';
import { CommentColourFields, StayFields } from './booking-form-fields.tsx';
import { StayPrice } from './stay-price.tsx';
import { SegmentedControl } from '../../../ui/segmented-control.tsx';

type TCreateBookingFormProps = { initial: TCreateBookingInitial; onClose: () => void };

/** The form's start: the given stay and room, else today for one night in the default room type. */
function defaultValues(
  baseData: TBaseData,
  initial: TCreateBookingInitial,
  today: string,
): TCreateBookingFormValues {
  const room = baseData.rooms.find((candidate) => candidate.id === initial.roomId);
  const roomTypeId =
    room?.roomTypeId ??
    initial.roomTypeId ??
    (baseData.roomTypes.find((roomType) => roomType.isDefault) ?? baseData.roomTypes[0])?.id ??
    '';
  const roomType = baseData.roomTypes.find((candidate) => candidate.id === roomTypeId);
  const rate = baseData.rates.find((candidate) => candidate.isStandard && candidate.active);
  const checkIn = initial.checkIn ?? today;
  return {
    checkIn,
    checkOut: initial.checkOut ?? addDays(checkIn, 1),
    roomTypeId,
    roomId: room?.id ?? '',
    occupancy: Math.min(2, roomType?.maxOccupancy ?? 1),
    rateId: rate?.id ?? baseData.rates.find((candidate) => candidate.active)?.id ?? '',
    comment: '',
    hasColor: false,
    color: defaultColor,
    customerMode: 'existing',
    customerId: null,
    customer: { name: '', email: '', phone: '' },
    source: 'internal',
    status: 'confirmed',
  };
}

function CreateBookingFields({
  baseData,
  initial,
  onClose,
}: TCreateBookingFormProps & { baseData: TBaseData }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = usePropertyToday();
  const createBooking = useCreateBooking();
  const form = useForm({
    resolver: zodFormResolver(createBookingFormSchema(baseData)),
    defaultValues: defaultValues(baseData, initial, today),
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const customerMode = useWatch({ control, name: 'customerMode' });
  // The picker shows the chosen contact; the form keeps only its id.
  const [customer, setCustomer] = useState<TContact | null>(null);

  const save = handleSubmit((values) => {
    const booking: TCreateBookingRequest = {
      checkIn: values.checkIn,
      checkOut: values.checkOut,
      roomTypeId: values.roomTypeId,
      roomId: values.roomId,
      occupancy: values.occupancy,
      rateId: values.rateId,
      comment: values.comment,
      color: colorOf(values),
      source: values.source,
      status: values.status,
      ...(values.customerMode === 'existing'
        ? { customerId: values.customerId }
        : { customer: { ...values.customer, name: values.customer.name.trim() } }),
    };
    createBooking.mutate(booking, {
      onSuccess: (created) => {
        toast.success(t('bookings.form.created', { code: created.code }));
        onClose();
        void navigate(`/bookings/${created.id}`);
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void save(event)} className="space-y-6">
        <StayFields
          baseData={baseData}
          emptyRoomLabel={t('bookings.form.assignAutomatically')}
          canClearRate={false}
        />
        <div className="space-y-4 border-t border-gray-100 pt-5">
          <Controller
            control={control}
            name="customerMode"
            render={({ field }) => (
              <SegmentedControl
                label={t('bookings.form.customerMode')}
                value={field.value}
                onChange={field.onChange}
                options={customerModes.map((mode) => ({
                  value: mode,
                  label: t(
                    mode === 'existing' ? 'bookings.form.existingCustomer' : 'bookings.form.newCustomer',
                  ),
                }))}
              />
            )}
          />
          {customerMode === 'existing' ? (
            <Controller
              control={control}
              name="customerId"
              render={({ field, fieldState }) => (
                <ContactPicker
                  label={t('bookings.form.customerContact')}
                  value={customer}
                  error={fieldState.error?.message}
                  onChange={(contact) => {
                    setCustomer(contact);
                    field.onChange(contact?.id ?? null);
                  }}
                />
              )}
            />
          ) : (
            <div className="grid gap-5 sm:grid-cols-3">
              <Field
                label={t('bookings.form.name')}
                error={errors.customer?.name?.message}
                className="sm:col-span-3"
              >
                <Input autoComplete="off" {...register('customer.name')} />
              </Field>
              <Field
                label={t('bookings.form.email')}
                error={errors.customer?.email?.message}
                className="sm:col-span-2"
              >
                <Input type="email" autoComplete="off" {...register('customer.email')} />
              </Field>
              <Field label={t('bookings.form.phone')} error={errors.customer?.phone?.message}>
                <Input type="tel" autoComplete="off" {...register('customer.phone')} />
              </Field>
            </div>
          )}
        </div>
        <div className="grid gap-5 border-t border-gray-100 pt-5 sm:grid-cols-2">
          <Field label={t('bookings.form.source')} error={errors.source?.message}>
            <Select {...register('source')}>
              {bookingSources.map((source) => (
                <option key={source} value={source}>
                  {t(`bookings.sources.${source}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t('bookings.form.status')} error={errors.status?.message}>
            <Select {...register('status')}>
              <option value="confirmed">{t('bookings.status.confirmed')}</option>
              <option value="pending">{t('bookings.status.pending')}</option>
            </Select>
          </Field>
        </div>
        <CommentColourFields />
        {createBooking.isError && <Alert type="error">{errorMessage(createBooking.error)}</Alert>}
        {/* The price and the save button stay in view while the form scrolls on a short screen. */}
        <div className="sticky bottom-0 -mx-6 -mb-6 flex flex-col gap-3 rounded-b-xl border-t border-gray-100 bg-white px-6 py-4 sm:flex-row sm:items-center sm:justify-between">
          <StayPrice />
          <div className="flex flex-col-reverse gap-3 sm:flex-row">
            <Button variant="secondary" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" isLoading={createBooking.isPending}>
              {t('bookings.form.create')}
            </Button>
          </div>
        </div>
      </form>
    </FormProvider>
  );
}

/** The create-booking form once the base data (room types, rooms, rates) is there. */
export function CreateBookingForm({ initial, onClose }: TCreateBookingFormProps) {
  const { t } = useTranslation();
  const baseData = useBaseData();
  if (baseData.isPending) return <Spinner />;
  if (baseData.isError) return <ErrorState error={baseData.error} onRetry={() => void baseData.refetch()} />;
  if (baseData.data.roomTypes.length === 0) {
    return (
      <>
        <Alert type="warning">{t('bookings.form.baseDataMissing')}</Alert>
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('common.close')}
          </Button>
        </ModalActions>
      </>
    );
  }
  return <CreateBookingFields baseData={baseData.data} initial={initial} onClose={onClose} />;
}
