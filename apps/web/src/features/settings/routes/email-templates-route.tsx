import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useEmailTemplates } from '../api/get-email-templates.ts';
import { EmailTemplateForm } from '../components/email-template-form.tsx';

/** The confirmation and invoice e-mails' subject and text, in German and English. */
export function EmailTemplatesRoute() {
  const user = useCurrentUser();
  const templates = useEmailTemplates();
  if (templates.isPending) return <Spinner />;
  if (templates.isError)
    return <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />;
  const canEdit = can(user.role, 'settings', 'write');
  return (
    <div className="space-y-6">
      {templates.data.map((template) => (
        <EmailTemplateForm
          key={`${template.kind}-${template.language}`}
          template={template}
          canEdit={canEdit}
        />
      ))}
    </div>
  );
}
