import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { TSession } from '@pms/contract/session';
import { ZUpdateProfileRequest } from '@pms/contract/users';
import { zodFormResolver } from '../../../lib/form.ts';
import { CardForm } from '../../../ui/card-form.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdateProfile } from '../api/update-profile.ts';

const ZProfileForm = ZUpdateProfileRequest.pick({ name: true }).required();

export function ProfileForm({ user }: { user: TSession }) {
  const { t } = useTranslation();
  const updateProfile = useUpdateProfile();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm({ resolver: zodFormResolver(ZProfileForm), defaultValues: { name: user.name } });

  const save = handleSubmit((values) =>
    updateProfile.mutate(values, {
      onSuccess: (session) => {
        reset({ name: session.name });
        toast.success(t('profile.saved'));
      },
    }),
  );

  return (
    <CardForm
      onSubmit={save}
      title={t('profile.personalTitle')}
      description={t('profile.personalDescription')}
      isPending={updateProfile.isPending}
      isDirty={isDirty}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t('profile.name')} error={errors.name?.message}>
          <Input autoComplete="name" {...register('name')} />
        </Field>
        <Field label={t('profile.email')}>
          <Input type="email" value={user.email ?? ''} disabled readOnly />
        </Field>
      </div>
    </CardForm>
  );
}
