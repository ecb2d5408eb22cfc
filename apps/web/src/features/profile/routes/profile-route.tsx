import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Badge } from '../../../ui/badge.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { LanguageForm } from '../components/language-form.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { ProfileForm } from '../components/profile-form.tsx';

export function ProfileRoute() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const passwordCard = <PasswordForm key="password" />;
  const otherCards = [<ProfileForm key="profile" user={user} />, <LanguageForm key="language" user={user} />];
  // A pending password change comes first; keys keep the form's state when it moves.
  const cards = user.mustChangePassword ? [passwordCard, ...otherCards] : [...otherCards, passwordCard];
  return (
    <div className="max-w-3xl">
      <PageHeader
        title={t('profile.title')}
        description={t('profile.description')}
        actions={<Badge color="primary">{t(`roles.${user.role}`)}</Badge>}
      />
      <div className="space-y-6">
        {user.mustChangePassword && (
          <Alert type="warning" title={t('profile.mustChangePasswordTitle')}>
            {t('profile.mustChangePasswordText')}
          </Alert>
        )}
        {cards}
      </div>
    </div>
  );
}
