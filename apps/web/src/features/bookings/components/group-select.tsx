import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../shared/groups/index.ts';
import { Field, Select } from '../../../ui/field.tsx';
import type { TEditBookingFormValues } from './booking-form-schema.ts';

/** The newest groups a booking can join; a hotel rarely runs more at once. */
const groupChoices = 100;

/** The booking's group: none, or one of the property's groups (its current one always among them). */
export function GroupSelect({
  current,
  error,
}: {
  current: { id: string; name: string } | null;
  error?: string;
}) {
  const { t } = useTranslation();
  const { register } = useFormContext<TEditBookingFormValues>();
  const groups = useGroups({ pageNumber: 1, pageSize: groupChoices });
  const choices = groups.data?.data ?? [];
  const isCurrentListed = !current || choices.some((group) => group.id === current.id);
  return (
    <Field label={t('bookings.form.group')} error={error}>
      <Select {...register('groupId')}>
        <option value="">{t('bookings.form.noGroup')}</option>
        {!isCurrentListed && <option value={current.id}>{current.name}</option>}
        {choices.map((group) => (
          <option key={group.id} value={group.id}>
            {group.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
