import { useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TBaseData } from '@pms/contract/base-data';
import { ZIsoDate } from '@pms/contract/common';
import { addDays, nightsBetween } from '@pms/contract/dates';
import { DateInput } from '../../../ui/date-input.tsx';
import { CheckboxField, ColourInput, Field, Input, Select, Textarea } from '../../../ui/field.tsx';
import { useFreeRooms } from '../api/get-free-rooms.ts';
import { stayOrderIssue, type TStayFormValues } from './booking-form-schema.ts';

type TStayFieldsProps = {
  baseData: TBaseData;
  /** The booking being changed: its own stay does not make its room taken. */
  bookingId?: string;
  /** The room select's empty choice: 'assign automatically' or 'no room'. */
  emptyRoomLabel: string;
  /** Whether the rate select offers 'no rate' (the server picks the standard rate for a new booking). */
  canClearRate: boolean;
};

/** Whether a date field holds a date, not text still being typed. */
function isDate(value: string): boolean {
  return ZIsoDate.safeParse(value).success;
}

/** A stay the server can look rooms up for: both dates, check-out after check-in. */
function isStay(checkIn: string, checkOut: string): boolean {
  return isDate(checkIn) && isDate(checkOut) && checkIn < checkOut;
}

/**
 * Dates, room type, room, persons and rate; a new check-in keeps the number of nights. The room list
 * offers the rooms of the type that are free for the stay, marking dirty ones for an arrival today.
 */
export function StayFields({ baseData, bookingId, emptyRoomLabel, canClearRate }: TStayFieldsProps) {
  const { t } = useTranslation();
  const {
    register,
    watch,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<TStayFormValues>();
  const [checkIn, checkOut, roomTypeId, roomId] = watch(['checkIn', 'checkOut', 'roomTypeId', 'roomId']);
  const roomType = baseData.roomTypes.find((candidate) => candidate.id === roomTypeId);
  const freeRooms = useFreeRooms({ checkIn, checkOut, bookingId }, isStay(checkIn, checkOut));
  const rooms = (freeRooms.data ?? []).filter((room) => room.roomTypeId === roomTypeId);
  const chosenRoom = rooms.find((room) => room.id === roomId);
  // A chosen room that is no longer free stays visible, so the choice does not change unseen.
  const takenRoom = roomId && !chosenRoom ? baseData.rooms.find((room) => room.id === roomId) : undefined;
  const rates = baseData.rates.filter((rate) => rate.active || rate.id === getValues('rateId'));
  const checkOutError =
    errors.checkOut?.type === 'custom' && errors.checkOut.message !== undefined
      ? t(`bookings.form.${stayOrderIssue}`)
      : errors.checkOut?.message;

  // While a new check-in is typed the field holds text that is no date yet: the nights are counted
  // from the last check-in that was one.
  const lastCheckIn = useRef(checkIn);
  const keepNights = (nextCheckIn: string) => {
    if (!isDate(nextCheckIn)) return;
    const previousCheckIn = lastCheckIn.current;
    lastCheckIn.current = nextCheckIn;
    const checkOut = getValues('checkOut');
    if (!isDate(previousCheckIn) || !isDate(checkOut)) return;
    const nights = Math.max(1, nightsBetween(previousCheckIn, checkOut));
    setValue('checkOut', addDays(nextCheckIn, nights), { shouldDirty: true });
  };

  const checkInField = register('checkIn');
  const roomTypeField = register('roomTypeId', {
    onChange: () => setValue('roomId', '', { shouldDirty: true }),
  });

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <Field label={t('bookings.form.checkIn')} error={errors.checkIn?.message}>
        <DateInput
          {...checkInField}
          onChange={(event) => {
            keepNights(event.target.value);
            void checkInField.onChange(event);
          }}
        />
      </Field>
      <Field label={t('bookings.form.checkOut')} error={checkOutError}>
        <DateInput min={isDate(checkIn) ? addDays(checkIn, 1) : undefined} {...register('checkOut')} />
      </Field>
      <Field label={t('bookings.form.roomType')} error={errors.roomTypeId?.message}>
        <Select {...roomTypeField}>
          {!roomType && <option value="">{t('bookings.form.chooseRoomType')}</option>}
          {baseData.roomTypes.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('bookings.form.room')}
        description={
          chosenRoom?.needsCleaning
            ? t('bookings.form.dirtyRoomChosen')
            : freeRooms.isSuccess && rooms.length === 0
              ? t('bookings.form.noFreeRoom')
              : t('bookings.form.roomHint')
        }
        error={errors.roomId?.message}
      >
        {/* Held to the form's value: the options change when the free rooms arrive. */}
        <Select {...register('roomId')} value={roomId}>
          <option value="">{emptyRoomLabel}</option>
          {takenRoom && <option value={takenRoom.id}>{takenRoom.number}</option>}
          {rooms.map((room) => (
            <option key={room.id} value={room.id}>
              {room.needsCleaning
                ? t('bookings.form.roomNeedsCleaning', { number: room.number })
                : room.number}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t('bookings.form.occupancy')}
        description={
          roomType &&
          t('bookings.form.occupancyHint', {
            roomType: roomType.name,
            min: roomType.minOccupancy,
            count: roomType.maxOccupancy,
          })
        }
        error={errors.occupancy?.message}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={roomType?.maxOccupancy}
          {...register('occupancy', { valueAsNumber: true })}
        />
      </Field>
      <Field label={t('bookings.form.rate')} error={errors.rateId?.message}>
        <Select {...register('rateId')}>
          {canClearRate && <option value="">{t('bookings.form.noRate')}</option>}
          {rates.map((rate) => (
            <option key={rate.id} value={rate.id}>
              {rate.isStandard ? t('bookings.form.standardRate', { name: rate.name }) : rate.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/** Comment and colour, the last fields of both booking forms. */
export function CommentColourFields() {
  const { t } = useTranslation();
  const {
    register,
    watch,
    formState: { errors },
  } = useFormContext<TStayFormValues>();
  const hasColor = watch('hasColor');
  return (
    <>
      <Field label={t('bookings.form.comment')} error={errors.comment?.message}>
        <Textarea rows={3} {...register('comment')} />
      </Field>
      <div className="flex flex-wrap items-end gap-4">
        <Field label={t('bookings.form.colour')} error={errors.color?.message}>
          <ColourInput disabled={!hasColor} {...register('color')} />
        </Field>
        <CheckboxField label={t('bookings.form.useColour')} className="pb-2" {...register('hasColor')} />
      </div>
    </>
  );
}
