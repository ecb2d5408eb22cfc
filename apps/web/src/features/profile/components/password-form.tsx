import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { minPasswordLength, ZUpdatePasswordRequest } from '@pms/contract/session';
import { ApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useUpdatePassword } from '../api/update-password.ts';

const ZPasswordForm = ZUpdatePasswordRequest.extend({ newPasswordRepetition: z.string() }).refine(
  (values) => values.newPassword === values.newPasswordRepetition,
  { message: 'passwordsMismatch', path: ['newPasswordRepetition'] },
);

const emptyForm = { currentPassword: '', newPassword: '', newPasswordRepetition: '' };

export function PasswordForm() {
  const { t } = useTranslation();
  const updatePassword = useUpdatePassword();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZPasswordForm), defaultValues: emptyForm });

  const save = handleSubmit(({ currentPassword, newPassword }) =>
    updatePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          reset(emptyForm);
          toast.success(t('profile.passwordChanged'));
        },
        onError: (error) => {
          if (error instanceof ApiError && error.type === 'auth/wrong_password') {
            setError('currentPassword', { message: errorMessage(error) }, { shouldFocus: true });
          }
        },
      },
    ),
  );

  const isWrongPassword =
    updatePassword.error instanceof ApiError && updatePassword.error.type === 'auth/wrong_password';

  return (
    <form noValidate onSubmit={(event) => void save(event)}>
      <Card
        title={t('profile.passwordTitle')}
        description={t('profile.passwordDescription', { count: minPasswordLength })}
        footer={
          <Button type="submit" isLoading={updatePassword.isPending}>
            {t('profile.changePassword')}
          </Button>
        }
      >
        <div className="space-y-5 sm:max-w-md">
          {updatePassword.isError && !isWrongPassword && (
            <Alert type="error">{errorMessage(updatePassword.error)}</Alert>
          )}
          <Field label={t('profile.currentPassword')} error={errors.currentPassword?.message}>
            <Input type="password" autoComplete="current-password" {...register('currentPassword')} />
          </Field>
          <Field label={t('profile.newPassword')} error={errors.newPassword?.message}>
            <Input type="password" autoComplete="new-password" {...register('newPassword')} />
          </Field>
          <Field label={t('profile.newPasswordRepetition')} error={errors.newPasswordRepetition?.message}>
            <Input type="password" autoComplete="new-password" {...register('newPasswordRepetition')} />
          </Field>
        </div>
      </Card>
    </form>
  );
}
