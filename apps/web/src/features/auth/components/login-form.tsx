import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZLoginRequest } from '@pms/contract/session';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { useLogin } from '../api/login.ts';

/** E-mail and password; with an invitation's token, the login accepts that invitation too. */
export function LoginForm({
  submitLabel,
  invitationToken,
  onSignedIn,
}: {
  submitLabel: string;
  invitationToken?: string;
  onSignedIn?: () => void;
}) {
  const { t } = useTranslation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZLoginRequest), defaultValues: { email: '', password: '' } });

  const submit = handleSubmit((values) =>
    login.mutate({ ...values, ...(invitationToken ? { invitationToken } : {}) }, { onSuccess: onSignedIn }),
  );

  return (
    <form noValidate className="space-y-5" onSubmit={(event) => void submit(event)}>
      {login.isError && <Alert type="error">{errorMessage(login.error)}</Alert>}
      <Field label={t('login.email')} error={errors.email?.message}>
        <Input type="email" autoComplete="username" autoFocus {...register('email')} />
      </Field>
      <Field label={t('login.password')} error={errors.password?.message}>
        <Input type="password" autoComplete="current-password" {...register('password')} />
      </Field>
      <Button type="submit" className="w-full" isLoading={login.isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}
