import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ZInvitationToken } from '@pms/contract/session';
import { errorMessage } from '../../../lib/error-message.ts';
import { useSessionState } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useAcceptInvitation } from '../api/accept-invitation.ts';
import { AuthFrame } from '../components/auth-frame.tsx';
import { LoginForm } from '../components/login-form.tsx';

/**
 * The team invitation link of the e-mail: a signed-in user accepts it with one click; otherwise the
 * login accepts it (an account that belongs to no property yet can only sign in that way).
 */
export function InvitationRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useSessionState((state) => state.user);
  const accept = useAcceptInvitation();
  const token = ZInvitationToken.safeParse(searchParams.get('token'));

  const joined = () => {
    toast.success(t('invitation.accepted'));
    void navigate('/', { replace: true });
  };

  if (!token.success) {
    return (
      <AuthFrame title={t('invitation.title')} subtitle={t('invitation.missingToken')}>
        <Button className="w-full" onClick={() => void navigate('/', { replace: true })}>
          {t('invitation.home')}
        </Button>
      </AuthFrame>
    );
  }
  if (!user) {
    return (
      <AuthFrame title={t('invitation.title')} subtitle={t('invitation.signInText')}>
        <LoginForm submitLabel={t('invitation.signIn')} invitationToken={token.data} onSignedIn={joined} />
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t('invitation.title')} subtitle={t('invitation.acceptText', { email: user.email })}>
      <div className="space-y-5">
        {accept.isError && <Alert type="error">{errorMessage(accept.error)}</Alert>}
        <Button
          className="w-full"
          isLoading={accept.isPending}
          onClick={() => accept.mutate(token.data, { onSuccess: joined })}
        >
          {t('invitation.accept')}
        </Button>
      </div>
    </AuthFrame>
  );
}
