import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { generatePath, Link } from 'react-router';
import { UserMinusIcon, UsersIcon } from '@heroicons/react/24/outline';
import { ZAssignGuestRequest, type TBooking, type TBookingGuest } from '@pms/contract/bookings';
import type { TContact } from '@pms/contract/contacts';
import { ContactPicker } from '../../../shared/contacts/index.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { Button, IconButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { EmptyState } from '../../../ui/empty-state.tsx';
import { CheckboxField, Field, Input } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useAssignGuest } from '../api/assign-guest.ts';
import { useUnassignGuest } from '../api/unassign-guest.ts';
import { useUpdateGuest } from '../api/update-guest.ts';
import { GuestLocalTax } from './guest-local-tax.tsx';

const ZNewGuestForm = ZAssignGuestRequest.options[1].pick({ name: true });

type TGuestsProps = { booking: TBooking; canEdit: boolean };

function GuestItem({ booking, guest, canEdit }: TGuestsProps & { guest: TBookingGuest }) {
  const { t } = useTranslation();
  const unassignGuest = useUnassignGuest();
  const updateGuest = useUpdateGuest();
  // The box shows the change while it is saved (until the booking is read again), then the booking's
  // own value: a refusal puts it back.
  const isFamilyMember = updateGuest.isPending
    ? (updateGuest.variables.body.isFamilyMember ?? guest.isFamilyMember)
    : guest.isFamilyMember;
  const contact = [guest.email, guest.phone].filter(Boolean).join(' · ');

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('bookings.guests.removeTitle'),
      subtitle: (
        <Trans
          i18nKey="bookings.guests.removeText"
          values={{ name: guest.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('bookings.guests.removeConfirm'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    unassignGuest.mutate(
      { id: booking.id, contactId: guest.id },
      { onSuccess: () => toast.success(t('bookings.guests.removed', { name: guest.name })) },
    );
  };

  return (
    <li className="flex items-center gap-3 px-5 py-3">
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={generatePath('/contacts/:id', { id: guest.id })}
            className="font-medium text-primary-700 hover:underline"
          >
            {guest.name}
          </Link>
          {guest.isPrimary && <Badge>{t('bookings.guests.primary')}</Badge>}
        </p>
        {contact && <p className="truncate text-gray-500">{contact}</p>}
        {!guest.isPrimary && (
          <CheckboxField
            className="mt-2"
            label={t('bookings.guests.familyMember')}
            description={t('bookings.guests.familyMemberHint')}
            checked={isFamilyMember}
            disabled={!canEdit || updateGuest.isPending}
            onChange={(event) =>
              updateGuest.mutate({
                id: booking.id,
                contactId: guest.id,
                body: { isFamilyMember: event.target.checked },
              })
            }
          />
        )}
        <GuestLocalTax booking={booking} guest={guest} canEdit={canEdit} />
      </div>
      {canEdit && (
        <IconButton
          label={t('bookings.guests.remove', { name: guest.name })}
          icon={UserMinusIcon}
          disabled={unassignGuest.isPending}
          className="hover:text-red-600"
          onClick={() => void remove()}
        />
      )}
    </li>
  );
}

/** Adds a contact that exists, or a new one by name; the server refuses more guests than persons. */
function AddGuestForms({ booking }: { booking: TBooking }) {
  const { t } = useTranslation();
  const assignGuest = useAssignGuest();
  const [contact, setContact] = useState<TContact | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZNewGuestForm), defaultValues: { name: '' } });

  const onAdded = (name: string) => toast.success(t('bookings.guests.added', { name }));

  const addExisting = () => {
    if (!contact) return;
    assignGuest.mutate(
      { id: booking.id, guest: { contactId: contact.id } },
      {
        onSuccess: () => {
          setContact(null);
          onAdded(contact.name);
        },
      },
    );
  };

  const addNew = handleSubmit(({ name }) =>
    assignGuest.mutate(
      { id: booking.id, guest: { name } },
      {
        onSuccess: () => {
          reset({ name: '' });
          onAdded(name);
        },
      },
    ),
  );

  return (
    <div className="space-y-5 border-t border-gray-100 px-5 py-5">
      {assignGuest.isError && <Alert type="error">{errorMessage(assignGuest.error)}</Alert>}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="flex flex-col gap-3">
          <ContactPicker label={t('bookings.guests.addExisting')} value={contact} onChange={setContact} />
          <Button
            variant="secondary"
            className="self-start"
            disabled={!contact}
            isLoading={assignGuest.isPending && 'contactId' in assignGuest.variables.guest}
            onClick={addExisting}
          >
            {t('bookings.guests.addContact')}
          </Button>
        </div>
        <form noValidate onSubmit={(event) => void addNew(event)} className="flex flex-col gap-3">
          <Field label={t('bookings.guests.addNew')} error={errors.name?.message}>
            <Input autoComplete="off" placeholder={t('bookings.guests.name')} {...register('name')} />
          </Field>
          <Button
            type="submit"
            variant="secondary"
            className="self-start"
            isLoading={assignGuest.isPending && 'name' in assignGuest.variables.guest}
          >
            {t('bookings.guests.create')}
          </Button>
        </form>
      </div>
    </div>
  );
}

/** The booking's guests: who stays, the primary guest first, and adding or removing guests. */
export function BookingGuests({ booking, canEdit }: TGuestsProps) {
  const { t } = useTranslation();
  const guests = booking.guests ?? [];
  const isFull = guests.length >= booking.occupancy;

  return (
    <Card
      isFlush
      title={t('bookings.guests.title')}
      description={t('bookings.guests.description', { count: booking.occupancy })}
    >
      {guests.length === 0 ? (
        <EmptyState icon={UsersIcon} title={t('bookings.guests.empty')} />
      ) : (
        <ul aria-label={t('bookings.guests.listLabel')} className="divide-y divide-gray-100">
          {guests.map((guest) => (
            <GuestItem key={guest.id} booking={booking} guest={guest} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit &&
        (isFull ? (
          <p className="border-t border-gray-100 px-5 py-4 text-sm text-gray-500">
            {t('bookings.guests.full')}
          </p>
        ) : (
          <AddGuestForms booking={booking} />
        ))}
    </Card>
  );
}
