import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeftIcon, PencilSquareIcon, TrashIcon } from '@heroicons/react/24/outline';
import type { TContact } from '@pms/contract/contacts';
import { can } from '@pms/contract/permissions';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { openConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryTabs } from '../../../ui/query-tabs.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { toast } from '../../../ui/toast.tsx';
import { NotesPanel } from '../../../shared/notes/index.ts';
import { useDeleteContact } from '../api/delete-contact.ts';
import { useContact } from '../../../shared/contacts/index.ts';
import { ContactBookings } from '../components/contact-bookings.tsx';
import { ContactDialog } from '../components/contact-dialog.tsx';
import { ContactDocuments } from '../components/contact-documents.tsx';
import { ContactInvoices } from '../components/contact-invoices.tsx';
import { ContactOverview } from '../components/contact-overview.tsx';
import { ContactPrivacy } from '../components/contact-privacy.tsx';
import { contactsPath } from '../../../shared/contacts/index.ts';

function ContactDetails({ contact }: { contact: TContact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const deleteContact = useDeleteContact();
  const [isEditOpen, setIsEditOpen] = useState(false);
  const canWrite = can(user.role, 'contacts', 'write');

  const remove = async () => {
    const isConfirmed = await openConfirmDialog({
      title: t('contacts.deleteTitle'),
      subtitle: (
        <Trans
          i18nKey="contacts.deleteText"
          values={{ name: contact.name }}
          components={{ strong: <strong /> }}
        />
      ),
      confirmText: t('common.delete'),
      confirmColor: 'red',
    });
    if (!isConfirmed) return;
    deleteContact.mutate(contact.id, {
      onSuccess: () => {
        toast.success(t('contacts.deleted', { name: contact.name }));
        void navigate(contactsPath);
      },
    });
  };

  const saved = () => {
    setIsEditOpen(false);
    toast.success(t('contacts.saved'));
  };

  return (
    <>
      <PageHeader
        back={<BackLink />}
        title={contact.name}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            {t(`contacts.types.${contact.type}`)}
            {contact.isDebtor && <Badge color="amber">{t('contacts.debtor')}</Badge>}
          </span>
        }
        actions={
          canWrite && (
            <>
              <Button
                variant="secondary"
                icon={TrashIcon}
                isLoading={deleteContact.isPending}
                onClick={() => void remove()}
              >
                {t('common.delete')}
              </Button>
              <Button icon={PencilSquareIcon} onClick={() => setIsEditOpen(true)}>
                {t('contacts.edit')}
              </Button>
            </>
          )
        }
      />
      <QueryTabs
        label={t('contacts.tabsLabel')}
        tabs={[
          {
            key: 'overview',
            label: t('contacts.tabs.overview'),
            content: <ContactOverview contact={contact} />,
          },
          {
            key: 'documents',
            label: t('contacts.tabs.documents'),
            content: <ContactDocuments contactId={contact.id} canWrite={canWrite} />,
          },
          {
            key: 'bookings',
            label: t('contacts.tabs.bookings'),
            content: <ContactBookings contactId={contact.id} />,
          },
          {
            key: 'invoices',
            label: t('contacts.tabs.invoices'),
            content: <ContactInvoices contactId={contact.id} />,
          },
          {
            key: 'notes',
            label: t('contacts.tabs.notes'),
            content: <NotesPanel objectType="contact" objectId={contact.id} />,
          },
          ...(can(user.role, 'privacy', 'write')
            ? [
                {
                  key: 'privacy',
                  label: t('contacts.tabs.privacy'),
                  content: <ContactPrivacy contact={contact} />,
                },
              ]
            : []),
        ]}
      />
      <ContactDialog
        open={isEditOpen}
        onClose={() => setIsEditOpen(false)}
        contact={contact}
        onSaved={saved}
      />
    </>
  );
}

function BackLink() {
  const { t } = useTranslation();
  return (
    <Link
      to={contactsPath}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-gray-500 hover:text-gray-900"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t('contacts.backToList')}
    </Link>
  );
}

export function ContactRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const contact = useContact(id);

  if (contact.isPending) return <Spinner />;
  if (contact.isError)
    return (
      <>
        <PageHeader back={<BackLink />} title={t('contacts.title')} />
        <Card>
          <ErrorState error={contact.error} onRetry={() => void contact.refetch()} />
        </Card>
      </>
    );
  return <ContactDetails key={contact.data.id} contact={contact.data} />;
}
