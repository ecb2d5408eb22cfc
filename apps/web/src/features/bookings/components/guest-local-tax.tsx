import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TBooking, TBookingGuest } from '@pms/contract/bookings';
import { useFormatMoney } from '../../../lib/format-money.ts';
import { useLevies } from '../../../shared/base-data/index.ts';
import { Button } from '../../../ui/button.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateGuest } from '../api/update-guest.ts';

type TGuestLocalTaxProps = { booking: TBooking; guest: TBookingGuest; canEdit: boolean };

/**
 * What each levy charges the guest over the stay (as posted on the folio), or why the guest owes
 * nothing; and the exemption reason staff pick for the guest, with a note.
 */
export function GuestLocalTax({ booking, guest, canEdit }: TGuestLocalTaxProps) {
  const { t } = useTranslation();
  const formatMoney = useFormatMoney();
  const levies = useLevies();
  const updateGuest = useUpdateGuest();
  const [reason, setReason] = useState(guest.localTaxExemptionReason ?? '');
  const [note, setNote] = useState(guest.localTaxExemptionNote ?? '');
  const reasons = [
    ...new Set(
      (levies.data ?? [])
        .filter((levy) => levy.active)
        .flatMap((levy) => levy.versions.flatMap((version) => version.exemptionReasons)),
    ),
  ];
  if (guest.localTax.length === 0 && reasons.length === 0) return null;

  const save = () =>
    updateGuest.mutate(
      {
        id: booking.id,
        contactId: guest.id,
        body: { localTaxExemption: reason ? { reason, note: note.trim() || null } : null },
      },
      { onSuccess: () => toast.success(t('bookings.guests.localTax.saved', { name: guest.name })) },
    );

  return (
    <div className="mt-2 space-y-2">
      <ul aria-label={t('bookings.guests.localTax.label', { name: guest.name })} className="text-gray-700">
        {guest.localTax.map((levy) => (
          <li key={levy.levyId} className="flex flex-wrap gap-x-2">
            <span className="font-medium">{levy.name}:</span>
            {levy.nights > 0 && (
              <span className="tabular-nums">
                {t('bookings.guests.localTax.charged', {
                  amount: formatMoney(levy.amount),
                  count: levy.nights,
                })}
              </span>
            )}
            {levy.exemptions.length > 0 && (
              <span className="text-gray-500">
                {t('bookings.guests.localTax.exempt', {
                  reasons: levy.exemptions
                    .map(
                      (entry) => entry.reason ?? t(`bookings.guests.localTax.exemptions.${entry.exemption}`),
                    )
                    .join(', '),
                })}
              </span>
            )}
          </li>
        ))}
      </ul>
      {canEdit && reasons.length > 0 && (
        <div className="flex flex-wrap items-end gap-3">
          <Field label={t('bookings.guests.localTax.reason')} className="min-w-48">
            <Select value={reason} onChange={(event) => setReason(event.target.value)}>
              <option value="">{t('bookings.guests.localTax.noReason')}</option>
              {reasons.map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </Select>
          </Field>
          {reason && (
            <Field label={t('bookings.guests.localTax.note')} className="min-w-48 flex-1">
              <Input autoComplete="off" value={note} onChange={(event) => setNote(event.target.value)} />
            </Field>
          )}
          <Button variant="secondary" size="sm" isLoading={updateGuest.isPending} onClick={save}>
            {t('bookings.guests.localTax.save')}
          </Button>
        </div>
      )}
      {!canEdit && guest.localTaxExemptionReason && (
        <p className="text-gray-500">
          {[guest.localTaxExemptionReason, guest.localTaxExemptionNote].filter(Boolean).join(' – ')}
        </p>
      )}
    </div>
  );
}
