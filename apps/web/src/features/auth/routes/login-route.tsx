import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ZLoginRequest } from '@pms/contract/session';
import { errorMessage } from '../../../lib/error-message.ts';
import { zodFormResolver } from '../../../lib/form.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Field, Input } from '../../../ui/field.tsx';
import { useLogin } from '../api/login.ts';

export function LoginRoute() {
  const { t } = useTranslation();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodFormResolver(ZLoginRequest), defaultValues: { email: '', password: '' } });

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gray-50 px-4 py-12">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex flex-col items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-xl bg-primary-600 text-lg font-bold text-white shadow-sm">
            {t('app.monogram')}
          </span>
          <h1 className="mt-4 text-2xl font-semibold tracking-tight text-gray-900">{t('login.title')}</h1>
          <p className="mt-1 text-sm text-gray-500">{t('login.subtitle')}</p>
        </div>
        <div className="rounded-xl bg-white p-6 shadow-sm ring-1 ring-gray-200 sm:p-8">
          <form
            noValidate
            className="space-y-5"
            onSubmit={(event) => void handleSubmit((values) => login.mutate(values))(event)}
          >
            {login.isError && <Alert type="error">{errorMessage(login.error)}</Alert>}
            <Field label={t('login.email')} error={errors.email?.message}>
              <Input type="email" autoComplete="username" autoFocus {...register('email')} />
            </Field>
            <Field label={t('login.password')} error={errors.password?.message}>
              <Input type="password" autoComplete="current-password" {...register('password')} />
            </Field>
            <Button type="submit" className="w-full" isLoading={login.isPending}>
              {t('login.submit')}
            </Button>
          </form>
        </div>
      </div>
    </main>
  );
}
