import { useTranslation } from 'react-i18next';
import { AuthFrame } from '../components/auth-frame.tsx';
import { LoginForm } from '../components/login-form.tsx';

export function LoginRoute() {
  const { t } = useTranslation();
  return (
    <AuthFrame title={t('login.title')} subtitle={t('login.subtitle')}>
      <LoginForm submitLabel={t('login.submit')} />
    </AuthFrame>
  );
}
