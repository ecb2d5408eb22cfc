import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BuildingOffice2Icon, PlusIcon, UserIcon } from '@heroicons/react/24/outline';
import { contactTypes, ZContactType, type TContact } from '@pms/contract/contacts';
import { can } from '@pms/contract/permissions';
import { countryName } from '../../../lib/countries.ts';
import { useCurrentUser } from '../../../lib/session-store.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { useListParams } from '../../../lib/use-list-params.ts';
import { Badge } from '../../../ui/badge.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Field, Input, Select } from '../../../ui/field.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import type { TColumn } from '../../../ui/data-table.tsx';
import { PagedTable, usePaging } from '../../../ui/paged-table.tsx';
import { toast } from '../../../ui/toast.tsx';
import { useContacts } from '../../../shared/contacts/index.ts';
import { ContactDialog } from '../components/contact-dialog.tsx';
import { contactPath, contactRoute } from '../../../shared/contacts/index.ts';

const searchDelayMs = 300;
const filterParams = ['query', 'type'] as const;

export function ContactsRoute() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const paging = usePaging();
  const filters = useListParams(filterParams);
  const parsedType = ZContactType.safeParse(filters.values.type);
  const type = parsedType.success ? parsedType.data : undefined;
  const query = useDebouncedValue(filters.values.query.trim(), searchDelayMs);
  const contacts = useContacts({ ...paging, query: query || undefined, type });
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const canWrite = can(user.role, 'contacts', 'write');

  const created = (contact: TContact) => {
    setIsCreateOpen(false);
    toast.success(t('contacts.created', { name: contact.name }));
    void navigate(contactPath(contact.id));
  };

  const columns: TColumn<TContact>[] = [
    {
      id: 'name',
      header: t('contacts.name'),
      cell: (contact) => (
        <span className="inline-flex items-center gap-2">
          {contact.type === 'company' ? (
            <BuildingOffice2Icon aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
          ) : (
            <UserIcon aria-hidden="true" className="size-4 shrink-0 text-gray-400" />
          )}
          {contact.name}
        </span>
      ),
    },
    { id: 'type', header: t('contacts.type'), cell: (contact) => t(`contacts.types.${contact.type}`) },
    { id: 'email', header: t('contacts.email'), cell: (contact) => contact.email },
    {
      id: 'phone',
      header: t('contacts.phone'),
      cell: (contact) => <span className="whitespace-nowrap">{contact.phone}</span>,
    },
    {
      id: 'city',
      header: t('contacts.city'),
      cell: (contact) =>
        [contact.address.city, contact.address.country && countryName(contact.address.country, i18n.language)]
          .filter(Boolean)
          .join(', '),
    },
    {
      id: 'debtor',
      header: <span className="sr-only">{t('contacts.isDebtor')}</span>,
      cell: (contact) => contact.isDebtor && <Badge color="amber">{t('contacts.debtor')}</Badge>,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('contacts.title')}
        description={t('contacts.description')}
        actions={
          canWrite && (
            <Button icon={PlusIcon} onClick={() => setIsCreateOpen(true)}>
              {t('contacts.create')}
            </Button>
          )
        }
      />
      <Card isFlush>
        <div className="grid gap-4 border-b border-gray-200 p-4 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <Field label={t('contacts.search')}>
            <Input
              type="search"
              autoComplete="off"
              placeholder={t('contacts.searchPlaceholder')}
              value={filters.values.query}
              onChange={(event) => filters.change({ query: event.target.value })}
            />
          </Field>
          <Field label={t('contacts.typeFilter')}>
            <Select value={type ?? ''} onChange={(event) => filters.change({ type: event.target.value })}>
              <option value="">{t('contacts.allTypes')}</option>
              {contactTypes.map((type) => (
                <option key={type} value={type}>
                  {t(`contacts.typesPlural.${type}`)}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <PagedTable
          label={t('contacts.title')}
          columns={columns}
          query={contacts}
          paging={paging}
          detailRoute={contactRoute}
          emptyText={query || type ? t('contacts.noMatches') : t('contacts.empty')}
        />
      </Card>
      <ContactDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} onSaved={created} />
    </>
  );
}
